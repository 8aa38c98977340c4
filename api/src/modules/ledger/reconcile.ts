import type { Knex } from 'knex';
import type {
  AccountContactTallyRow,
  AccountRow,
  CampaignReachRow,
  CampaignRow,
  ContactRow,
  DonationAmountDayRow,
  DonationDayTotalRow,
  DonationRow,
  DonorYearRow,
  PledgeRow,
} from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { toInt, toIsoDate, type DbDateTime } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { AMOUNT_DAYS, DAY_TOTALS, DONOR_YEARS, rebuildDonationRollups } from '../analytics-reports/rollups';
import { recomputeCampaignTotals } from '../campaigns/repository';
import { recomputeExcessFor, type ExcessKey } from '../compliance/designation';
import { recomputeContactStatsOf, settlePledge } from './figures';

// Reconciliation (docs/adr/0012-the-ledger.md): every derived figure of money recomputed from its
// rows and compared with what is stored. It recomputes with the very code the ledger's operations
// run, inside a transaction it then rolls back, so "what the rows say" can never be a second,
// drifting definition of the figures; nothing it does is kept.

type Db = Knex | Knex.Transaction;

export type Difference = { figure: string; id: string; field: string; stored: unknown; expected: unknown };
export type ReconcileReport = {
  differences: Difference[];
  checked: { contacts: number; campaigns: number; pledges: number; donations: number; rollupRows: number; tallies: number };
};

const cents = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value) * 100));
const day = (value: unknown) => (value === null || value === undefined ? null : toIsoDate(value as DbDateTime));

type Snapshot = Map<string, Map<string, Record<string, unknown>>>;

/** Each figure's rows, keyed, with their values normalised (money in cents, dates as days). */
async function snapshot(db: Db, accountId: string): Promise<Snapshot> {
  const figures: Snapshot = new Map();
  const put = <T>(figure: string, rows: T[], keyOf: (r: T) => string, valuesOf: (r: T) => Record<string, unknown>) => {
    figures.set(figure, new Map(rows.map((r) => [keyOf(r), valuesOf(r)])));
  };
  put(
    'contact',
    await scoped(db, 'contacts', accountId).select<
      Pick<ContactRow, 'id' | 'totalDonated' | 'donationCount' | 'averageDonation' | 'lastDonationAmount' | 'lastDonationDate'>[]
    >('contacts.id', 'contacts.totalDonated', 'contacts.donationCount', 'contacts.averageDonation', 'contacts.lastDonationAmount', 'contacts.lastDonationDate'),
    (r) => String(r.id),
    (r) => ({
      totalDonated: cents(r.totalDonated),
      donationCount: toInt(r.donationCount),
      averageDonation: cents(r.averageDonation),
      lastDonationAmount: cents(r.lastDonationAmount),
      lastDonationDate: day(r.lastDonationDate),
    }),
  );
  put(
    'campaign',
    await scoped(db, 'campaigns', accountId).select<Pick<CampaignRow, 'id' | 'amountRaised' | 'donationCount' | 'contactsReached' | 'volunteersRecruited'>[]>(
      'campaigns.id',
      'campaigns.amountRaised',
      'campaigns.donationCount',
      'campaigns.contactsReached',
      'campaigns.volunteersRecruited',
    ),
    (r) => String(r.id),
    (r) => ({
      amountRaised: cents(r.amountRaised),
      donationCount: toInt(r.donationCount),
      contactsReached: toInt(r.contactsReached),
      volunteersRecruited: toInt(r.volunteersRecruited),
    }),
  );
  put(
    'pledge',
    await scoped(db, 'pledges', accountId).select<Pick<PledgeRow, 'id' | 'amountFulfilled' | 'status'>[]>(
      'pledges.id',
      'pledges.amountFulfilled',
      'pledges.status',
    ),
    (r) => String(r.id),
    (r) => ({ amountFulfilled: cents(r.amountFulfilled), status: String(r.status) }),
  );
  put(
    'donation',
    await scoped(db, 'donations', accountId).select<Pick<DonationRow, 'id' | 'excessAmount' | 'remedyDeadline'>[]>(
      'donations.id',
      'donations.excessAmount',
      'donations.remedyDeadline',
    ),
    (r) => String(r.id),
    (r) => ({
      excessAmount: cents(r.excessAmount) || null,
      remedyDeadline: day(r.remedyDeadline),
    }),
  );
  // Roll-up counters left at zero by removals are no figure at all.
  put(
    'donation_day_totals',
    (await db(DAY_TOTALS).where('accountId', accountId).select<DonationDayTotalRow[]>()).filter((r) => toInt(r.gifts) !== 0),
    (r) => `${day(r.donationDate)}|${r.campaignKey}|${r.paymentMethod}|${r.status}`,
    (r) => ({ amountCents: toInt(r.amountCents), gifts: toInt(r.gifts) }),
  );
  put(
    'donation_amount_days',
    (await db(AMOUNT_DAYS).where('accountId', accountId).select<DonationAmountDayRow[]>()).filter((r) => toInt(r.gifts) !== 0),
    (r) => `${day(r.donationDate)}|${r.campaignKey}|${toInt(r.amountCents)}`,
    (r) => ({ gifts: toInt(r.gifts) }),
  );
  put(
    'donor_years',
    await db(DONOR_YEARS).where('accountId', accountId).select<DonorYearRow[]>(),
    (r) => `${r.contactId}|${r.scope}|${toInt(r.year)}`,
    (r) => ({
      amountCents: toInt(r.amountCents),
      gifts: toInt(r.gifts),
      firstDate: day(r.firstDate),
      lastDate: day(r.lastDate),
      prevDate: day(r.prevDate),
      nextDate: day(r.nextDate),
    }),
  );
  // Kept by triggers (ADR 0012): checked against the rows like the rest.
  put(
    'account_contact_tallies',
    (await db('account_contact_tallies').where('accountId', accountId).select<AccountContactTallyRow[]>()).filter(
      (r) => toInt(r.contacts) !== 0 || cents(r.totalDonated) !== 0,
    ),
    (r) => String(r.contactStatus),
    (r) => ({ contacts: toInt(r.contacts), totalDonated: cents(r.totalDonated) }),
  );
  put(
    'campaign_reach',
    await db('campaign_reach').where('accountId', accountId).select<CampaignReachRow[]>(),
    (r) => `${r.campaignId}|${r.contactId}`,
    (r) => ({ donations: toInt(r.donations), pledges: toInt(r.pledges), contactStatus: String(r.contactStatus) }),
  );
  return figures;
}

/** campaign_reach as the donations and pledges say it is: per (campaign, contact), how many of each. */
async function reachFromRows(db: Db, accountId: string): Promise<Map<string, Record<string, unknown>>> {
  const reach = new Map<string, Record<string, unknown>>();
  const status = new Map(
    (await scoped(db, 'contacts', accountId).select<Pick<ContactRow, 'id' | 'status'>[]>('contacts.id', 'contacts.status')).map((r) => [
      String(r.id),
      String(r.status),
    ]),
  );
  for (const table of ['donations', 'pledges'] as const) {
    const rows: { campaignId: string; contactId: string; n: number | string }[] = await scoped(db, table, accountId)
      .whereNotNull(`${table}.campaignId`)
      .whereNotNull(`${table}.contactId`)
      .groupBy(`${table}.campaignId`, `${table}.contactId`)
      .select(`${table}.campaignId as campaignId`, `${table}.contactId as contactId`)
      .count({ n: '*' });
    for (const row of rows) {
      const key = `${row.campaignId}|${row.contactId}`;
      const entry = reach.get(key) ?? { donations: 0, pledges: 0, contactStatus: status.get(String(row.contactId)) ?? '' };
      entry[table] = toInt(row.n);
      reach.set(key, entry);
    }
  }
  return reach;
}

/** The tallies as the contacts say they are (a trigger-kept figure has no ledger code to rerun). */
async function talliesFromContacts(db: Db, accountId: string): Promise<Map<string, Record<string, unknown>>> {
  const rows = await scoped(db, 'contacts', accountId).select<Pick<ContactRow, 'status' | 'totalDonated'>[]>('contacts.status', 'contacts.totalDonated');
  const byStatus = new Map<string, { contacts: number; totalDonated: number }>();
  for (const row of rows) {
    const entry = byStatus.get(String(row.status)) ?? { contacts: 0, totalDonated: 0 };
    entry.contacts += 1;
    entry.totalDonated += cents(row.totalDonated) ?? 0;
    byStatus.set(String(row.status), entry);
  }
  return new Map([...byStatus].map(([status, t]) => [status, { contacts: t.contacts, totalDonated: t.totalDonated }]));
}

/** Recomputes every derived figure of the account with the ledger's own code (the caller rolls it back). */
async function recomputeAll(trx: Knex.Transaction, accountId: string): Promise<void> {
  const contactIds = (await scoped(trx, 'contacts', accountId).select<Pick<ContactRow, 'id'>[]>('contacts.id')).map((r) => String(r.id));
  await recomputeContactStatsOf(trx, accountId, contactIds);
  await recomputeCampaignTotals(trx, accountId);
  for (const row of await scoped(trx, 'pledges', accountId).select<Pick<PledgeRow, 'id'>[]>('pledges.id'))
    await settlePledge(trx, accountId, String(row.id), false);
  const keys = (await scoped(trx, 'donations', accountId)
    .join('campaigns', function joinCampaign() {
      this.on('campaigns.id', '=', 'donations.campaignId').andOn('campaigns.accountId', '=', 'donations.accountId');
    })
    .whereNotNull('donations.contactId')
    .whereNotNull('donations.electionCode')
    .whereNotNull('campaigns.committeeId')
    .distinct('donations.contactId as contactId', 'campaigns.committeeId as committeeId', 'donations.electionCode as electionCode')) as ExcessKey[];
  // A gift outside every election carries no flag.
  const designated = new Set(keys.map((k) => `${k.contactId}|${k.committeeId}|${k.electionCode}`));
  await recomputeExcessFor(
    trx,
    accountId,
    keys.map((k) => ({ contactId: String(k.contactId), committeeId: String(k.committeeId), electionCode: String(k.electionCode) })),
  );
  const flagged: (Pick<DonationRow, 'id' | 'contactId' | 'electionCode'> & Pick<CampaignRow, 'committeeId'>)[] = await scoped(trx, 'donations', accountId)
    .leftJoin('campaigns', function joinCampaign() {
      this.on('campaigns.id', '=', 'donations.campaignId').andOn('campaigns.accountId', '=', 'donations.accountId');
    })
    .whereNotNull('donations.excessAmount')
    .select('donations.id', 'donations.contactId', 'campaigns.committeeId', 'donations.electionCode');
  const stray = flagged.filter((r) => !designated.has(`${r.contactId}|${r.committeeId}|${r.electionCode}`)).map((r) => String(r.id));
  if (stray.length > 0) await scoped(trx, 'donations', accountId).whereIn('donations.id', stray).update({ excessAmount: null, remedyDeadline: null });
  await rebuildDonationRollups(trx, accountId);
}

class RolledBack extends Error {
  constructor(readonly report: ReconcileReport) {
    super('reconciled');
  }
}

function compare(stored: Snapshot, expected: Snapshot): Difference[] {
  const differences: Difference[] = [];
  for (const [figure, rows] of expected) {
    const have = stored.get(figure) ?? new Map();
    for (const key of new Set([...have.keys(), ...rows.keys()])) {
      const was = have.get(key);
      const should = rows.get(key);
      for (const field of new Set([...Object.keys(was ?? {}), ...Object.keys(should ?? {})])) {
        const s = was?.[field] ?? null;
        const e = should?.[field] ?? null;
        if (JSON.stringify(s) !== JSON.stringify(e)) differences.push({ figure, id: key, field, stored: s, expected: e });
      }
    }
  }
  return differences;
}

/**
 * Every derived figure of the account recomputed from its rows and compared with what is stored:
 * the report lists each difference (empty when the ledger kept its word) and how much was checked.
 */
export async function reconcileAccount(knex: Knex, accountId: string): Promise<ReconcileReport> {
  try {
    await inTransaction(knex, async (trx) => {
      const stored = await snapshot(trx, accountId);
      stored.set('account_contact_tallies', stored.get('account_contact_tallies') ?? new Map());
      await recomputeAll(trx, accountId);
      const expected = await snapshot(trx, accountId);
      // The triggers ran during the recompute too: the tallies are expected to match the contacts.
      expected.set('account_contact_tallies', await talliesFromContacts(trx, accountId));
      expected.set('campaign_reach', await reachFromRows(trx, accountId));
      const size = (name: string) => stored.get(name)?.size ?? 0;
      throw new RolledBack({
        differences: compare(stored, expected),
        checked: {
          contacts: size('contact'),
          campaigns: size('campaign'),
          pledges: size('pledge'),
          donations: size('donation'),
          rollupRows: size('donation_day_totals') + size('donation_amount_days') + size('donor_years'),
          tallies: size('account_contact_tallies') + size('campaign_reach'),
        },
      });
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.report;
    throw err;
  }
  throw new Error('unreachable');
}

/** Every account (the command line): one report per account that has a difference, and the totals. */
export async function reconcileAll(knex: Knex): Promise<{ accounts: number; differences: (Difference & { accountId: string })[] }> {
  const accounts = (await knex('accounts').select<Pick<AccountRow, 'id'>[]>('id')).map((r) => String(r.id));
  const differences: (Difference & { accountId: string })[] = [];
  for (const accountId of accounts) {
    const report = await reconcileAccount(knex, accountId);
    differences.push(...report.differences.map((d) => ({ ...d, accountId })));
  }
  return { accounts: accounts.length, differences };
}
