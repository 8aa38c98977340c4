import fc from 'fast-check';
import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import { toIsoDate, toMoney, type DbDateTime } from '../src/db/values';
import { newId } from '../src/lib/ids';
import { createFinancialsRepository } from '../src/modules/financials/repository';
import { insertCampaign, insertContact, type LoggedIn } from './helpers/fixtures';
import { twoAccountApp } from './helpers/twoAccountApp';

// A contact's donation summary (total, count, average, last gift) is written three ways: per contact
// after a hand-entered gift, set-based for many contacts (an import's earlier donors, an undo), and in
// memory for the contacts an import creates. All three must agree with a plain walk over the
// contact's donations: the completed ones summed exactly, the last by date, then entry time, then id.

const ctx = twoAccountApp();
let knex: Knex, app: Koa, a: LoggedIn;
let campaignId: string;

beforeAll(async () => {
  ({ knex, app, a } = ctx);
  campaignId = await insertCampaign(knex, a.accountId);
});

type Stored = { id: string; donationAmount: unknown; status: unknown; donationDate: unknown; createdAt: unknown };

function reference(donations: Stored[]) {
  const counted = donations.filter((d) => d.status === COUNTED_DONATION_STATUS);
  const cents = counted.reduce((sum, d) => sum + Math.round(Number(d.donationAmount) * 100), 0);
  const time = (d: Stored) => new Date(d.createdAt as string | number | Date).getTime();
  const last = [...counted].sort(
    (x, y) =>
      String(toIsoDate(y.donationDate as DbDateTime)).localeCompare(String(toIsoDate(x.donationDate as DbDateTime))) ||
      time(y) - time(x) ||
      (y.id > x.id ? 1 : y.id < x.id ? -1 : 0),
  )[0];
  return {
    totalDonated: cents / 100,
    donationCount: counted.length,
    averageDonation: counted.length > 0 ? toMoney(cents / 100 / counted.length) : 0,
    lastDonationAmount: last ? toMoney(last.donationAmount) : null,
    lastDonationDate: last ? toIsoDate(last.donationDate as DbDateTime) : null,
  };
}

async function statsOf(contactId: string) {
  const row = (await knex('contacts')
    .where({ id: contactId })
    .first('totalDonated', 'donationCount', 'averageDonation', 'lastDonationAmount', 'lastDonationDate')) as Record<string, unknown>;
  return {
    totalDonated: toMoney(row.totalDonated),
    donationCount: Number(row.donationCount),
    averageDonation: toMoney(row.averageDonation),
    lastDonationAmount: row.lastDonationAmount === null ? null : toMoney(row.lastDonationAmount),
    lastDonationDate: toIsoDate(row.lastDonationDate as DbDateTime),
  };
}

async function donationsOf(contactId: string): Promise<Stored[]> {
  return (await knex('donations').where({ contactId }).select('id', 'donationAmount', 'status', 'donationDate', 'createdAt')) as Stored[];
}

// Few dates and entry times, so ties on both are common.
const DATES = ['2026-01-15', '2026-03-01', '2026-03-02'];
const TIMES = [Date.UTC(2026, 0, 1, 12), Date.UTC(2026, 0, 2, 12)];
const gift = fc.record({
  contact: fc.nat({ max: 3 }),
  cents: fc.integer({ min: 1, max: 250_000 }),
  status: fc.constantFrom('completed', 'completed', 'pending', 'refunded'),
  date: fc.constantFrom(...DATES),
  time: fc.constantFrom(...TIMES),
});

it('set-based recompute of many contacts equals the reference on every contact', async () => {
  const financials = createFinancialsRepository(knex);
  await fc.assert(
    fc.asyncProperty(fc.array(gift, { maxLength: 14 }), async (gifts) => {
      const contacts = await Promise.all([0, 1, 2, 3].map(() => insertContact(knex, a.accountId, { totalDonated: 99, donationCount: 9 })));
      for (const g of gifts) {
        await knex('donations').insert({
          id: newId(),
          accountId: a.accountId,
          contactId: contacts[g.contact],
          campaignId,
          donationAmount: g.cents / 100,
          paymentMethod: 'check',
          status: g.status,
          donationDate: g.date,
          isAnonymous: false,
          isRecurring: false,
          createdAt: new Date(g.time),
          updatedAt: new Date(g.time),
        });
      }
      await knex.transaction((trx) => financials.recomputeContactStatsOf(trx, a.accountId, contacts));
      for (const id of contacts) expect(await statsOf(id)).toEqual(reference(await donationsOf(id)));
    }),
    { numRuns: 25 },
  );
});

it('an import writes the contacts it creates with the summary the recompute gives', async () => {
  const emails = ['one@example.org', 'two@example.org', 'three@example.org'];
  const row = fc.record({ who: fc.nat({ max: 2 }), cents: fc.integer({ min: 1, max: 100_000 }), date: fc.constantFrom(...DATES) });
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 12 }), async (rows) => {
      run += 1;
      const body = {
        campaignId,
        fileName: `stats-${run}.csv`,
        importType: 'donations',
        headers: ['Email', 'Amount', 'Date'],
        mapping: { Email: 'email', Amount: 'amount', Date: 'donationDate' },
        rows: rows.map((r) => ({ Email: `run${run}.${emails[r.who]}`, Amount: (r.cents / 100).toFixed(2), Date: r.date })),
      };
      const res = await request(app.callback()).post('/api/data-import/import').set('Authorization', `Bearer ${a.token}`).send(body);
      expect(res.status).toBe(202);
      await (app as unknown as { jobs: { queue: { idle(): Promise<void> } } }).jobs.queue.idle();
      const created = (await knex('contacts').where('accountId', a.accountId).where('primaryEmail', 'like', `run${run}.%`).select('id')) as { id: string }[];
      expect(created).toHaveLength(new Set(rows.map((r) => r.who)).size);
      for (const { id } of created) expect(await statsOf(id)).toEqual(reference(await donationsOf(id)));
    }),
    { numRuns: 15 },
  );
});
