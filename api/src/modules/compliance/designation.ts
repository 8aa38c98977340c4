import type { Knex } from 'knex';
import { defaultElectionCode, type ContributionLimit, type ContributorType } from '@caucus/contract';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import type { DonationRow } from '../../db/rows';
import { toIsoDate } from '../../db/values';
import { BadRequest } from '../../http/errors';
import { scoped } from '../../http/tenancy';
import { committeeElections } from '../committees/repository';
import { centsOf, effectiveLimitTable, excessByGift, fromCents, limitCentsFor } from './limitEngine';
import { REMEDY_DAYS } from '@caucus/contract';
import { addDays } from '../../lib/calendarDays';

// Election designation and excess flags of donations (docs/product/compliance.md, Election
// designation). Every donation write (the donation form, imports, remedies) calls these inside its
// own transaction, after it has locked the contributor's contact row (ADR 0002), so the sums below
// read stable rows.

type Db = Knex | Knex.Transaction;

export const noElectionMessage = (code: string) => `Election ${code} is not an election of the campaign's committee`;
export const NO_COMMITTEE_FOR_ELECTION =
  "The campaign has no committee: an election designation needs one (set it on the campaign's Committees & Accounts tab)";

export type Designation = { committeeId: string | null; electionCode: string | null };
export type ExcessKey = { contactId: string; committeeId: string; electionCode: string };

export async function committeeOfCampaign(db: Db, accountId: string, campaignId: string | null): Promise<string | null> {
  if (!campaignId) return null;
  const row: { committeeId: string | null } | undefined = await scoped(db, 'campaigns', accountId)
    .where('campaigns.id', campaignId)
    .first('campaigns.committeeId');
  return row?.committeeId || null;
}

/**
 * The election a gift to the campaign counts toward: the one asked for (which must be an election of
 * the campaign's committee: 400 otherwise), else the next election on or after the gift's date.
 */
export async function designate(db: Db, accountId: string, campaignId: string | null, donationDate: string, explicit: string | null): Promise<Designation> {
  const committeeId = await committeeOfCampaign(db, accountId, campaignId);
  if (!committeeId) {
    if (explicit) throw new BadRequest(NO_COMMITTEE_FOR_ELECTION, { electionCode: NO_COMMITTEE_FOR_ELECTION });
    return { committeeId: null, electionCode: null };
  }
  const elections = await committeeElections(db, accountId, committeeId);
  if (explicit) {
    if (!elections.some((e) => e.code === explicit)) throw new BadRequest(noElectionMessage(explicit), { electionCode: noElectionMessage(explicit) });
    return { committeeId, electionCode: explicit };
  }
  return { committeeId, electionCode: defaultElectionCode(elections, donationDate) };
}

export async function accountLimitRows(db: Db, accountId: string): Promise<ContributionLimit[]> {
  const rows: { cycle: number; contributorType: ContributorType; amount: number }[] = await scoped(db, 'contribution_limits', accountId).select(
    'cycle',
    'contributorType',
    'amount',
  );
  return rows.map((row) => ({ cycle: Number(row.cycle), contributorType: row.contributorType, amount: Number(row.amount) }));
}

export async function contributorTypeOf(db: Db, accountId: string, contactId: string): Promise<ContributorType> {
  // The column holds the contract's contributor types (written only through its schemas).
  const row: { contributorType: ContributorType | null } | undefined = await scoped(db, 'contacts', accountId)
    .where('contacts.id', contactId)
    .first('contacts.contributorType');
  return row?.contributorType || 'individual';
}

export async function limitCents(db: Db, accountId: string, contactId: string, electionCode: string): Promise<number> {
  const table = effectiveLimitTable(await accountLimitRows(db, accountId));
  return limitCentsFor(table, electionCode, await contributorTypeOf(db, accountId, contactId));
}

/** The contributor's donations to the committee designated to the election, in the order received. */
export function electionDonations(db: Db, accountId: string, key: ExcessKey) {
  return scoped(db, 'donations', accountId)
    .join('campaigns', function joinCampaign() {
      this.on('campaigns.id', '=', 'donations.campaignId').andOn('campaigns.accountId', '=', 'donations.accountId');
    })
    .where('campaigns.committeeId', key.committeeId)
    .where('donations.contactId', key.contactId)
    .where('donations.electionCode', key.electionCode)
    .orderBy([
      { column: 'donations.donationDate', order: 'asc' },
      { column: 'donations.createdAt', order: 'asc' },
      { column: 'donations.id', order: 'asc' },
    ]);
}

/**
 * What refunds (disbursements naming the gift, net of their voids) gave back of each gift, in cents.
 * A refunded contribution no longer counts toward the contributor's limit (11 CFR 110.1(b)(3)).
 */
export async function refundedCentsByDonation(db: Db, accountId: string, donationIds: string[]): Promise<Map<string, number>> {
  const refunded = new Map<string, number>();
  for (let start = 0; start < donationIds.length; start += 500) {
    const rows: { donationId: string; total: number | string | null }[] = await scoped(db, 'disbursements', accountId)
      .whereIn('disbursements.refundOfDonationId', donationIds.slice(start, start + 500))
      .groupBy('disbursements.refundOfDonationId')
      .select('disbursements.refundOfDonationId as donationId')
      .sum({ total: 'disbursements.amount' });
    for (const row of rows) refunded.set(row.donationId, centsOf(row.total));
  }
  return refunded;
}

/** Completed gifts of the contributor to the committee for the election, less what was refunded of them, in cents. */
export async function aggregateCents(db: Db, accountId: string, key: ExcessKey): Promise<number> {
  const rows: Pick<DonationRow, 'id' | 'donationAmount'>[] = await electionDonations(db, accountId, key)
    .where('donations.status', COUNTED_DONATION_STATUS)
    .select('donations.id', 'donations.donationAmount');
  const refunded = await refundedCentsByDonation(
    db,
    accountId,
    rows.map((row) => row.id),
  );
  return rows.reduce((sum, row) => sum + centsOf(row.donationAmount) - (refunded.get(row.id) ?? 0), 0);
}

/**
 * Rewrites the excess flags of one contributor's gifts for one election of a committee: each
 * completed gift past the limit carries its excess and a deadline 60 days after receipt; every other
 * gift (within the limit, or no longer completed) carries none. Only rows whose flags change are written.
 */
export async function recomputeExcess(db: Db, accountId: string, key: ExcessKey): Promise<void> {
  const limit = await limitCents(db, accountId, key.contactId, key.electionCode);
  const rows: Pick<DonationRow, 'id' | 'donationAmount' | 'donationDate' | 'status' | 'excessAmount' | 'remedyDeadline'>[] = await electionDonations(
    db,
    accountId,
    key,
  ).select('donations.id', 'donations.donationAmount', 'donations.donationDate', 'donations.status', 'donations.excessAmount', 'donations.remedyDeadline');
  const counted = rows.filter((row) => row.status === COUNTED_DONATION_STATUS);
  const refunded = await refundedCentsByDonation(
    db,
    accountId,
    counted.map((row) => row.id),
  );
  const net = (row: (typeof rows)[number]) => Math.max(0, centsOf(row.donationAmount) - (refunded.get(row.id) ?? 0));
  const excess = excessByGift(
    counted.map((row) => ({ id: row.id, cents: net(row) })),
    limit,
  );
  const changed = new Map<string, { excessAmount: number | null; remedyDeadline: string | null }>();
  for (const row of rows) {
    const cents = excess.get(row.id) ?? 0;
    const excessAmount = cents > 0 ? fromCents(cents) : null;
    const remedyDeadline = cents > 0 ? addDays(toIsoDate(row.donationDate) as string, REMEDY_DAYS) : null;
    const storedExcess = row.excessAmount === null || row.excessAmount === undefined ? null : fromCents(centsOf(row.excessAmount));
    const storedDeadline = toIsoDate(row.remedyDeadline);
    if (storedExcess === excessAmount && storedDeadline === remedyDeadline) continue;
    changed.set(row.id, { excessAmount, remedyDeadline });
  }
  // One UPDATE per 500 changed rows (CASE by id), not one per row: a merge of two donors with a
  // thousand gifts each flags hundreds of them at once (docs/benchmarks.md, duplicates).
  const ids = [...changed.keys()];
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    if (chunk.length === 1) {
      await scoped(db, 'donations', accountId)
        .where('donations.id', chunk[0])
        .update({ ...changed.get(chunk[0]) });
      continue;
    }
    const caseOf = (field: 'excessAmount' | 'remedyDeadline') =>
      db.raw(`case ?? ${chunk.map(() => 'when ? then ?').join(' ')} end`, ['donations.id', ...chunk.flatMap((id) => [id, changed.get(id)?.[field] ?? null])]);
    await scoped(db, 'donations', accountId)
      .whereIn('donations.id', chunk)
      .update({ excessAmount: caseOf('excessAmount'), remedyDeadline: caseOf('remedyDeadline') });
  }
}

/** recomputeExcess for each distinct key (a write that moves a gift touches the old election and the new). */
export async function recomputeExcessFor(db: Db, accountId: string, keys: (ExcessKey | null)[]): Promise<void> {
  const seen = new Set<string>();
  for (const key of keys) {
    if (!key) continue;
    const id = `${key.contactId}|${key.committeeId}|${key.electionCode}`;
    if (seen.has(id)) continue;
    seen.add(id);
    await recomputeExcess(db, accountId, key);
  }
}

/** The key of a gift, or null when it counts toward no election limit. */
export function excessKey(contactId: string | null, designation: Designation): ExcessKey | null {
  return contactId && designation.committeeId && designation.electionCode
    ? { contactId, committeeId: designation.committeeId, electionCode: designation.electionCode }
    : null;
}
