import fc from 'fast-check';
import type { Knex } from 'knex';
import type Koa from 'koa';
import { newId } from '../src/lib/ids';
import { createAnalyticsReportsRepository } from '../src/modules/analytics-reports/repository';
import { DONATION_FACT_COLUMNS, rebuildDonationRollups, refreshDonationRollups, type DonationFacts } from '../src/modules/analytics-reports/rollups';
import { createAnalyticsReportsService } from '../src/modules/analytics-reports/service';
import { federalCommitteeBody, insertCampaign, insertContact, signedIn, twoLoggedInAccounts, type LoggedIn } from './helpers/fixtures';
import { freshApp } from './helpers/twoAccountApp';

// The analytics summary (read from the roll-ups) against a straightforward reference computed in
// JavaScript from the donation rows themselves: random sequences of gifts created and edited (amount,
// date, campaign, method, status, donor) the way the write paths do it, then random ranges (open,
// whole years, across years, inside one year) with and without a campaign. Afterwards the roll-ups
// kept up write by write must equal a rebuild from scratch.

const ctx = freshApp();
let knex: Knex, app: Koa;
let a: LoggedIn;
let campaigns: string[];
let contacts: string[];
const TODAY = new Date('2026-08-15T12:00:00Z');

beforeAll(async () => {
  ({ knex, app } = ctx);
  ({ a } = await twoLoggedInAccounts(knex, app));
  campaigns = [await insertCampaign(knex, a.accountId, { name: 'Alpha' }), await insertCampaign(knex, a.accountId, { name: 'Beta' })];
  contacts = [];
  for (const name of ['Ann', 'Bob', 'Cat', 'Dee', 'Eve']) contacts.push(await insertContact(knex, a.accountId, { firstName: name }));
});

const day = fc
  .oneof(fc.integer({ min: 0, max: 1095 }), fc.constantFrom(0, 365, 366, 730, 731, 1095))
  .map((n) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10));
const cents = fc.oneof(fc.integer({ min: 1, max: 50_000 }), fc.constantFrom(100, 2_500, 5_000, 10_000));
const fields = fc.record({
  cents,
  date: day,
  campaign: fc.constantFrom(0, 1, null),
  method: fc.constantFrom('cash', 'check', 'credit_card'),
  status: fc.constantFrom('completed', 'completed', 'completed', 'pending', 'refunded'),
  donor: fc.constantFrom(0, 1, 2, 3, 4, null),
});
const op = fc.oneof(
  fields.map((f) => ({ kind: 'create' as const, ...f })),
  fc.record({ pick: fc.nat(), changes: fields }).map((e) => ({ kind: 'edit' as const, ...e })),
);
const bound = fc.oneof(fc.constant(undefined), day, fc.constantFrom('2025-01-01', '2025-12-31', '2026-01-01', '2026-12-31', '2023-06-01', '2027-03-01'));
const query = fc.record({ from: bound, to: bound, campaign: fc.constantFrom(null, 0, 1), topLimit: fc.integer({ min: 1, max: 4 }) });

type Gift = { contactId: string | null; campaignId: string | null; date: string; method: string; status: string; cents: number };

const money = (c: number) => c / 100;
const roundMoney = (n: number) => Math.round(Number((n * 100).toPrecision(15))) / 100;
const byKey = <T>(list: T[], key: (t: T) => string) => {
  const map = new Map<string, T[]>();
  for (const item of list) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
};
const sumCents = (list: Gift[]) => list.reduce((s, g) => s + g.cents, 0);
const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** What the summary means, computed from the rows in the plainest way. */
function reference(all: Gift[], q: { from?: string; to?: string; campaignId?: string; topLimit: number }, names: Map<string, string>) {
  const inScope = all.filter((g) => g.status === 'completed' && (!q.campaignId || g.campaignId === q.campaignId));
  const inRange = inScope.filter((g) => (!q.from || g.date >= q.from) && (!q.to || g.date <= q.to));
  const gifts = inRange.length;
  const raised = sumCents(inRange);
  const sorted = inRange.map((g) => g.cents).sort((x, y) => x - y);
  const middle = gifts === 0 ? [] : gifts % 2 ? [sorted[(gifts - 1) / 2]] : [sorted[gifts / 2 - 1], sorted[gifts / 2]];
  const donors = new Set(inRange.filter((g) => g.contactId).map((g) => g.contactId as string));
  const firstGift = new Map<string, string>();
  for (const g of inScope)
    if (g.contactId && (!firstGift.has(g.contactId) || g.date < (firstGift.get(g.contactId) as string))) firstGift.set(g.contactId, g.date);
  const newDonors = [...donors].filter((id) => !q.from || (firstGift.get(id) as string) >= q.from).length;
  const year = q.to ? Number(q.to.slice(0, 4)) : TODAY.getUTCFullYear();
  const end = q.to ?? `${year}-12-31`;
  const lastYear = byKey(
    inScope.filter((g) => g.contactId && g.date.startsWith(`${year - 1}-`)),
    (g) => g.contactId as string,
  );
  const lapsed = [...lastYear.entries()]
    .filter(([id]) => !inScope.some((g) => g.contactId === id && g.date >= `${year}-01-01` && g.date <= end))
    .map(([id, list]) => ({ contactId: id, cents: sumCents(list) }))
    .sort((x, y) => y.cents - x.cents || cmp(x.contactId, y.contactId));
  const top = [
    ...byKey(
      inRange.filter((g) => g.contactId),
      (g) => g.contactId as string,
    ).entries(),
  ]
    .map(([id, list]) => ({ contactId: id, cents: sumCents(list), gifts: list.length }))
    .sort((x, y) => y.cents - x.cents || cmp(x.contactId, y.contactId))
    .slice(0, q.topLimit);
  return {
    totals: {
      raised: money(raised),
      gifts,
      donors: donors.size,
      averageGift: gifts ? roundMoney(money(raised) / gifts) : 0,
      medianGift: middle.length ? Math.round(middle.reduce((s, c) => s + c, 0) / middle.length) / 100 : 0,
    },
    raisedByMonth: [...byKey(inRange, (g) => g.date.slice(0, 7)).entries()]
      .sort(([x], [y]) => cmp(x, y))
      .map(([month, list]) => ({ month, raised: money(sumCents(list)), gifts: list.length })),
    donors: { new: newDonors, returning: donors.size - newDonors },
    lybunt: {
      year,
      donors: lapsed.length,
      lastYearTotal: money(lapsed.reduce((s, l) => s + l.cents, 0)),
      top: lapsed.slice(0, q.topLimit).map((l) => ({ contactId: l.contactId, name: names.get(l.contactId), lastYearTotal: money(l.cents) })),
    },
    byPaymentMethod: [...byKey(inRange, (g) => g.method).entries()]
      .map(([paymentMethod, list]) => ({ paymentMethod, raised: money(sumCents(list)), gifts: list.length }))
      .sort((x, y) => y.raised - x.raised || cmp(x.paymentMethod, y.paymentMethod)),
    byCampaign: [...byKey(inRange, (g) => g.campaignId ?? '').entries()]
      .map(([id, list]) => ({ campaignId: id || null, raised: money(sumCents(list)), gifts: list.length }))
      .sort((x, y) => cmp(x.campaignId ?? '', y.campaignId ?? '')),
    topDonors: top.map((t) => ({ contactId: t.contactId, name: names.get(t.contactId), raised: money(t.cents), gifts: t.gifts })),
  };
}

async function rollupRows(): Promise<Record<string, unknown[]>> {
  const read = async (table: string, order: string[], columns: string[]) =>
    (await knex(table).where({ accountId: a.accountId }).orderBy(order).select(columns)).map((row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' || (typeof v === 'string' && /^-?\d+$/.test(v)) ? Number(v) : v])),
    );
  return {
    days: (
      await read(
        'donation_day_totals',
        ['donationDate', 'campaignKey', 'paymentMethod', 'status'],
        ['donationDate', 'campaignKey', 'paymentMethod', 'status', 'amountCents', 'gifts'],
      )
    ).filter((r) => r.gifts !== 0 || r.amountCents !== 0),
    amounts: (
      await read('donation_amount_days', ['donationDate', 'campaignKey', 'amountCents'], ['donationDate', 'campaignKey', 'amountCents', 'gifts'])
    ).filter((r) => r.gifts !== 0),
    donors: await read(
      'donor_years',
      ['contactId', 'scope', 'year'],
      ['contactId', 'scope', 'year', 'amountCents', 'gifts', 'firstDate', 'lastDate', 'prevDate', 'nextDate'],
    ),
  };
}

describe('analytics summary from the roll-ups', () => {
  it('equals the reference computed from the donations, and the roll-ups equal a rebuild', async () => {
    const names = new Map(contacts.map((id, i) => [id, ['Ann', 'Bob', 'Cat', 'Dee', 'Eve'][i]]));
    // Small batches and a low cap walk the top donors' every path: several batches, and the fallback.
    const services = [
      createAnalyticsReportsService(createAnalyticsReportsRepository(knex), () => TODAY),
      createAnalyticsReportsService(createAnalyticsReportsRepository(knex, { batch: 1, maxCandidates: 3 }), () => TODAY),
      createAnalyticsReportsService(createAnalyticsReportsRepository(knex, { batch: 2 }), () => TODAY),
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), fc.array(query, { minLength: 4, maxLength: 4 }), async (ops, queries) => {
        await knex('donations').where({ accountId: a.accountId }).delete();
        await rebuildDonationRollups(knex, a.accountId);
        const ids: string[] = [];
        for (const o of ops) {
          const f = o.kind === 'create' ? o : o.changes;
          const values = {
            contactId: f.donor === null ? null : contacts[f.donor],
            campaignId: f.campaign === null ? null : campaigns[f.campaign],
            donationDate: f.date,
            paymentMethod: f.method,
            status: f.status,
            donationAmount: f.cents / 100,
          };
          if (o.kind === 'create' || ids.length === 0) {
            const row = { id: newId(), accountId: a.accountId, ...values, createdAt: new Date(), updatedAt: new Date() };
            await knex.transaction(async (trx) => {
              await trx('donations').insert(row);
              await refreshDonationRollups(trx, a.accountId, { added: [row] });
            });
            ids.push(row.id);
          } else {
            const id = ids[o.pick % ids.length];
            await knex.transaction(async (trx) => {
              const before = (await trx('donations').where({ id }).first(DONATION_FACT_COLUMNS)) as DonationFacts;
              await trx('donations').where({ id }).update(values);
              await refreshDonationRollups(trx, a.accountId, { removed: [before], added: [{ ...before, ...values }] });
            });
          }
        }
        const rows = (await knex('donations')
          .where({ accountId: a.accountId })
          .select('contactId', 'campaignId', 'donationDate', 'paymentMethod', 'status', 'donationAmount')) as Record<string, unknown>[];
        const all: Gift[] = rows.map((r) => ({
          contactId: (r.contactId as string | null) ?? null,
          campaignId: (r.campaignId as string | null) ?? null,
          date: String(r.donationDate).slice(0, 10),
          method: String(r.paymentMethod),
          status: String(r.status),
          cents: Math.round(Number(r.donationAmount) * 100),
        }));
        for (const [i, q] of queries.entries()) {
          const [from, to] = q.from && q.to && q.from > q.to ? [q.to, q.from] : [q.from, q.to];
          const filter = { from, to, campaignId: q.campaign === null ? undefined : campaigns[q.campaign], topLimit: q.topLimit };
          const got = await services[i % services.length].summary(a.accountId, filter);
          const want = reference(all, filter, names);
          const { range: _range, ...figures } = got;
          expect({
            filter,
            ...figures,
            byCampaign: [...got.byCampaign].sort((x, y) => cmp(x.campaignId ?? '', y.campaignId ?? '')).map(({ name: _n, ...rest }) => rest),
          }).toEqual({ filter, ...want });
          // The Campaign Performance report's figures in the period (read from the roll-ups too).
          const report = await services[i % services.length].report(a.accountId, 'campaigns', { from, to, campaignId: filter.campaignId });
          const shown = (filter.campaignId ? [filter.campaignId] : campaigns).map((id) => {
            const list = all.filter((g) => g.status === 'completed' && g.campaignId === id && (!from || g.date >= from) && (!to || g.date <= to));
            return [money(sumCents(list)), list.length, new Set(list.filter((g) => g.contactId).map((g) => g.contactId)).size];
          });
          expect({ filter, campaigns: report.rows.map((row) => row.slice(7, 10)) }).toEqual({ filter, campaigns: shown });
        }
        const kept = await rollupRows();
        await rebuildDonationRollups(knex, a.accountId);
        expect(await rollupRows()).toEqual(kept);
      }),
      { numRuns: process.env.TEST_ENGINE === 'mysql' ? 15 : 40 },
    );
  });
});

describe('the write paths keep the roll-ups equal to a rebuild', () => {
  /** The roll-ups as they stand, then rebuilt from the donations: both must be the same rows. */
  async function expectRollupsMatchRebuild(step: string): Promise<void> {
    const kept = await rollupRows();
    await rebuildDonationRollups(knex, a.accountId);
    expect({ step, ...(await rollupRows()) }).toEqual({ step, ...kept });
  }

  it('through donations entered and edited, remedies and an archived contact', async () => {
    const as = signedIn(app, a);
    await knex('donations').where({ accountId: a.accountId }).delete();
    await rebuildDonationRollups(knex, a.accountId);
    const committee = await as.post('/api/committees', federalCommitteeBody());
    expect(committee.status).toBe(201);
    const campaignId = await insertCampaign(knex, a.accountId, { name: 'Federal', committeeId: committee.body.data.committee.id });
    const donor = await insertContact(knex, a.accountId, {
      firstName: 'Pat',
      lastName: 'Giver',
      addressLine1: '1 Elm St',
      city: 'Arlington',
      state: 'VA',
      zipCode: '22201',
      employer: 'Acme',
      occupation: 'Engineer',
    });
    const spouse = await insertContact(knex, a.accountId, {
      firstName: 'Sam',
      lastName: 'Giver',
      addressLine1: '1 Elm St',
      city: 'Arlington',
      state: 'VA',
      zipCode: '22201',
      employer: 'Acme',
      occupation: 'Teacher',
    });
    const give = async (contactId: string, body: Record<string, unknown>) => {
      const res = await as.post(`/api/contacts/${contactId}/donations`, { campaignId, ...body });
      expect(res.status).toBe(201);
      return res.body.data.donation as { id: string };
    };

    const first = await give(donor, { donationAmount: 3000, donationDate: '2026-02-01' });
    await give(donor, { donationAmount: 25.5, donationDate: '2025-12-31', campaignId: campaigns[0], paymentMethod: 'check', checkNumber: '12' });
    const over = await give(donor, { donationAmount: 1000, donationDate: '2026-03-01' });
    await expectRollupsMatchRebuild('entered');

    const edit = await as.put(`/api/contacts/donations/${first.id}`, {
      donationAmount: 3100.25,
      donationDate: '2027-01-04',
      campaignId: campaigns[1],
      paymentMethod: 'credit_card',
      status: 'completed',
    });
    expect(edit.status).toBe(200);
    await expectRollupsMatchRebuild('edited');
    const back = await as.put(`/api/contacts/donations/${first.id}`, { donationAmount: 3000, donationDate: '2026-02-01', campaignId, status: 'completed' });
    expect(back.status).toBe(200);
    await expectRollupsMatchRebuild('edited back');

    const refund = await as.post(`/api/compliance/excessive/${over.id}/remedy`, { action: 'refund' });
    expect(refund.status).toBe(200);
    await expectRollupsMatchRebuild('refunded');
    const whole = await give(donor, { donationAmount: 250, donationDate: '2026-04-01' });
    const moved = await as.post(`/api/compliance/excessive/${whole.id}/remedy`, { action: 'reattribute', contactId: spouse });
    expect(moved.status).toBe(200);
    await expectRollupsMatchRebuild('reattributed');

    // A contact with gifts is archived, never deleted (docs/adr/0012-the-ledger.md): its roll-ups stay.
    expect((await as.delete(`/api/contacts/${donor}`)).status).toBe(409);
    expect((await as.post(`/api/contacts/${donor}/archive`)).status).toBe(200);
    await expectRollupsMatchRebuild('contact archived');
    expect(Number((await knex('donor_years').where({ contactId: donor }).count({ n: '*' }).first())?.n)).toBeGreaterThan(0);

    // An import: a new donor (two gifts, two years), an earlier donor found by name and ZIP, and undo.
    const started = await as.post('/api/data-import/import', {
      campaignId,
      fileName: 'rollups.csv',
      headers: ['First', 'Last', 'Email', 'Zip', 'Amount', 'Date', 'Method'],
      mapping: { First: 'firstName', Last: 'lastName', Email: 'email', Zip: 'zipCode', Amount: 'amount', Date: 'donationDate', Method: 'paymentMethod' },
      rows: [
        { First: 'New', Last: 'Donor', Email: 'new.donor@example.org', Zip: '22201', Amount: '$40.00', Date: '12/30/2025', Method: 'check' },
        { First: 'New', Last: 'Donor', Email: 'new.donor@example.org', Zip: '22201', Amount: '60', Date: '2026-01-02', Method: 'cash' },
        { First: 'Sam', Last: 'Giver', Email: '', Zip: '22201', Amount: '15.25', Date: '2026-05-05', Method: 'cash' },
      ],
    });
    expect(started.status).toBe(202);
    await (app as unknown as { jobs: { queue: { idle(): Promise<void> } } }).jobs.queue.idle();
    expect((await as.get(`/api/data-import/${started.body.data.importId}`)).body.data.import).toMatchObject({ status: 'completed', recordsImported: 3 });
    await expectRollupsMatchRebuild('imported');
    expect((await as.post(`/api/data-import/${started.body.data.importId}/undo`, {})).status).toBe(202);
    await (app as unknown as { jobs: { queue: { idle(): Promise<void> } } }).jobs.queue.idle();
    await expectRollupsMatchRebuild('import undone');
  });
});
