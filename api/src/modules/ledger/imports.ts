import type { Knex } from 'knex';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import { insertInBatches } from '../../db/batch';
import type { DonationRow, PledgeRow } from '../../db/rows';
import { toInt } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { type DonationFacts } from '../analytics-reports/rollups';
import { committeeOfCampaign, type ExcessKey } from '../compliance/designation';
import { addToCampaignTotals, contactFiguresFromGifts, lockAccountFigures, lockMoneyRows, refreshFigures, uniqueIds, type GiftFacts } from './figures';
import { needsReviewFor } from './review';
import { traceMoney, type LedgerActor } from './trace';

// Gifts recorded or removed many at a time: an import's batch and its undo. Both run inside the
// caller's transaction (the import job's, which also holds the import's own rows).

// The rows an import batch builds to insert (dataImport's pipeline makes them): not read from the database.
type Row = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const CHUNK = 500;

export type ImportedGifts = {
  /** Full rows, ready to insert, all to `campaignId` (or to no campaign). */
  donations: Row[];
  pledges: Row[];
  campaignId: string | null;
  /** The campaign's committee: the elections the donations were designated to belong to it. */
  committeeId: string | null;
  /** People the campaign did not count before and counts now (donors and pledgers), and how many of them volunteer. */
  newlyReached: { contacts: number; volunteers: number };
  /** Contacts the batch created, inserted with their figures (withNewContactFigures): not computed again. */
  newContactIds?: ReadonlySet<string>;
};

type OpenPledge = Pick<PledgeRow, 'id' | 'contactId' | 'campaignId' | 'pledgeAmount' | 'amountFulfilled'>;

/** Pledges still waiting for money: a gift that arrives for them settles them (figures.settlePledge). */
const OPEN_PLEDGE_STATUSES = ['pending', 'confirmed'];

/**
 * An imported gift is the money of its donor's open pledge to the same campaign when there is one:
 * it is linked to the oldest such pledge that still has an amount to come (a gift entered by hand
 * names its pledge; a file of gifts from a processor or a bank never does). Only pledges made before
 * the batch: a pledge in the same file is a promise made with that gift, not one it pays. Answers
 * the rows to insert, and the pledges they settle.
 */
async function withOpenPledges(
  trx: Knex.Transaction,
  accountId: string,
  donations: Row[],
  batchPledgeIds: Set<string>,
  newContactIds: ReadonlySet<string>,
): Promise<{ rows: Row[]; settled: string[] }> {
  // A contact the batch created made no pledge before it.
  const payable = (d: Row) => !d.pledgeId && d.campaignId && d.contactId && d.status === COUNTED_DONATION_STATUS && !newContactIds.has(String(d.contactId));
  const contactIds = uniqueIds(donations.filter(payable).map((d) => str(d.contactId)));
  if (contactIds.length === 0) return { rows: donations, settled: [] };
  const open: OpenPledge[] = [];
  for (let i = 0; i < contactIds.length; i += CHUNK) {
    open.push(
      ...(await scoped(trx, 'pledges', accountId)
        .whereIn('pledges.contactId', contactIds.slice(i, i + CHUNK))
        .whereIn('pledges.status', OPEN_PLEDGE_STATUSES)
        .orderBy([{ column: 'pledges.pledgeDate' }, { column: 'pledges.createdAt' }, { column: 'pledges.id' }])
        .select<OpenPledge[]>('pledges.id', 'pledges.contactId', 'pledges.campaignId', 'pledges.pledgeAmount', 'pledges.amountFulfilled')),
    );
  }
  const toCome = new Map(open.map((p) => [String(p.id), Math.round(Number(p.pledgeAmount) * 100) - Math.round(Number(p.amountFulfilled ?? 0) * 100)]));
  const settled = new Set<string>();
  // Every row names its pledge or none, so that the rows insert as one list of columns.
  const rows = donations.map((d) => {
    if (!payable(d)) return d.pledgeId === undefined ? { ...d, pledgeId: null } : d;
    const pledge = open.find(
      (p) =>
        String(p.contactId) === String(d.contactId) &&
        String(p.campaignId) === String(d.campaignId) &&
        !batchPledgeIds.has(String(p.id)) &&
        (toCome.get(String(p.id)) ?? 0) > 0,
    );
    if (!pledge) return d.pledgeId === undefined ? { ...d, pledgeId: null } : d;
    const id = String(pledge.id);
    toCome.set(id, (toCome.get(id) ?? 0) - Math.round(Number(d.donationAmount) * 100));
    settled.add(id);
    return { ...d, pledgeId: id };
  });
  return { rows, settled: [...settled] };
}

/**
 * Records an import batch's gifts. The caller holds the locks of ADR 0002 (the batch's contacts in
 * id order, then the campaign, then the account's figures) and has checked every total stays in
 * range. A gift of a donor with an open pledge to the campaign settles it (withOpenPledges). Every
 * donor's figures are recomputed from its rows (new contacts included: one computation of a contact's
 * figures in the whole app), the campaign's totals move by atomic increment, the flags of every
 * election the batch gave to are recomputed, and each gift leaves a trace.
 */
export async function recordImportedGifts(trx: Knex.Transaction, accountId: string, actor: LedgerActor, gifts: ImportedGifts): Promise<void> {
  await settleImportedGifts(trx, accountId, await writeImportedGifts(trx, accountId, actor, gifts));
}

/**
 * Gives the contacts an import batch creates their giving figures before they are inserted. Every
 * gift such a contact has is one of the batch's, written in the same transaction, so its figures are
 * those of the rows in hand (contactFiguresFromGifts): an UPDATE of every new contact after its
 * gifts, moving its indexed figures and the account's tally trigger a second time, was the slowest
 * statement of an import (docs/benchmarks.md). Pass the same contacts as ImportedGifts.newContactIds.
 */
export function withNewContactFigures(contacts: Row[], donations: Row[]): void {
  const figures = contactFiguresFromGifts(
    contacts.map((c) => String(c.id)),
    donations as GiftFacts[],
  );
  for (const contact of contacts) Object.assign(contact, figures.get(String(contact.id)));
}

/** What writeImportedGifts wrote, for settleImportedGifts. */
export type WrittenGifts = { donations: Row[]; settled: string[]; excess: ExcessKey[]; newContactIds: ReadonlySet<string> };

/**
 * recordImportedGifts' first half: the rows (gifts, pledges), the campaign's totals and the traces.
 * These are new rows, the batch's campaign row and record locks only, so an import batch writes them
 * before it takes the account's figures (pipeline.ts, docs/adr/0013-capacity-and-scale-out.md).
 */
export async function writeImportedGifts(trx: Knex.Transaction, accountId: string, actor: LedgerActor, gifts: ImportedGifts): Promise<WrittenGifts> {
  const { pledges, campaignId, committeeId } = gifts;
  const newContactIds = gifts.newContactIds ?? new Set<string>();
  if (gifts.donations.length === 0 && pledges.length === 0) return { donations: [], settled: [], excess: [], newContactIds };
  const { rows: donations, settled } = await withOpenPledges(trx, accountId, gifts.donations, new Set(pledges.map((p) => String(p.id))), newContactIds);
  await insertInBatches(trx, 'pledges', pledges);
  // An import started by a Staff member brings gifts that wait for the treasurer's review (review.ts).
  if (await needsReviewFor(trx, accountId, actor)) for (const donation of donations) donation.needsReview = true;
  await insertInBatches(trx, 'donations', donations);
  const excess: ExcessKey[] = committeeId
    ? donations.filter((d) => d.electionCode && d.contactId).map((d) => ({ contactId: String(d.contactId), committeeId, electionCode: String(d.electionCode) }))
    : [];
  if (campaignId) {
    const counted = donations.filter((d) => d.status === COUNTED_DONATION_STATUS);
    await addToCampaignTotals(trx, accountId, campaignId, {
      amountRaised: counted.reduce((cents, d) => cents + Math.round(Number(d.donationAmount) * 100), 0) / 100,
      donationCount: counted.length,
      contactsReached: gifts.newlyReached.contacts,
      volunteersRecruited: gifts.newlyReached.volunteers,
    });
  }
  await traceMoney(
    trx,
    accountId,
    actor,
    'donation',
    donations.map((d) => ({ id: String(d.id), action: 'import', before: null, after: d })),
  );
  await traceMoney(
    trx,
    accountId,
    actor,
    'pledge',
    pledges.map((p) => ({ id: String(p.id), action: 'import', before: null, after: p })),
  );
  return { donations, settled, excess, newContactIds };
}

/**
 * recordImportedGifts' second half, under the account's figures: the roll-ups, the excess flags, the
 * pledges the gifts settle and the donors' giving columns. The roll-ups and flags are rows of the
 * batch's contacts, but rewritten by deletes, upserts and range updates their locks reach the index
 * gaps next to them, which other contacts' gifts write after the figures: taken before the figures,
 * they deadlocked with gifts (the cluster test, 2026-11-26).
 */
export async function settleImportedGifts(trx: Knex.Transaction, accountId: string, written: WrittenGifts): Promise<void> {
  const { donations, settled, excess, newContactIds } = written;
  if (donations.length === 0) return;
  await refreshFigures(trx, accountId, {
    rollups: { added: donations as DonationFacts[], newContacts: newContactIds },
    excess,
    pledges: settled.map((id) => ({ id, demote: false })),
    // The batch's new contacts were inserted with their figures (withNewContactFigures).
    contacts: donations.map((d) => str(d.contactId)).filter((id) => !id || !newContactIds.has(id)),
  });
}

export type GiftRef = { kind: 'donations' | 'pledges'; id: string; contactId: string | null; campaignId: string | null };

/**
 * Removes gifts (an import's undo, a batch at a time): locks their contacts then their campaigns
 * (ADR 0002), deletes them by id, and brings back in line everything they counted in: the contacts'
 * figures, the campaigns' totals, the pledges they fulfilled, the roll-ups, and the excess flags of
 * every election they counted toward, so a later gift of the same contributor is flagged (or not)
 * against the aggregate that remains. Returns how many of each were removed.
 */
export async function removeGifts(
  trx: Knex.Transaction,
  accountId: string,
  actor: LedgerActor,
  planned: GiftRef[],
  action = 'remove',
): Promise<{ donations: number; pledges: number }> {
  // The account's figures are locked once the rows' owners are known for certain (below).
  await lockMoneyRows(
    trx,
    accountId,
    planned.map((g) => g.contactId),
    planned.map((g) => g.campaignId),
    { accountFigures: false },
  );
  const donationIds = planned.filter((g) => g.kind === 'donations').map((g) => g.id);
  const pledgeIds = planned.filter((g) => g.kind === 'pledges').map((g) => g.id);
  // Read again under the locks: a gift moved to another contact meanwhile counts for both.
  const donations: DonationRow[] = [];
  const pledges: PledgeRow[] = [];
  for (let i = 0; i < donationIds.length; i += CHUNK)
    donations.push(
      ...(await scoped(trx, 'donations', accountId)
        .whereIn('donations.id', donationIds.slice(i, i + CHUNK))
        .select<DonationRow[]>()),
    );
  for (let i = 0; i < pledgeIds.length; i += CHUNK)
    pledges.push(
      ...(await scoped(trx, 'pledges', accountId)
        .whereIn('pledges.id', pledgeIds.slice(i, i + CHUNK))
        .select<PledgeRow[]>()),
    );
  // Locks of contacts or campaigns the rows moved to since they were planned (the order holds: contacts first, then campaigns).
  const planContacts = new Set(planned.map((g) => g.contactId));
  const planCampaigns = new Set(planned.map((g) => g.campaignId));
  const later = [...donations, ...pledges];
  if (later.some((r) => !planContacts.has(str(r.contactId)) || !planCampaigns.has(str(r.campaignId)))) {
    await lockMoneyRows(
      trx,
      accountId,
      later.map((r) => str(r.contactId)),
      later.map((r) => str(r.campaignId)),
      { accountFigures: false },
    );
  }
  await lockAccountFigures(trx, accountId);

  const committees = new Map<string, string | null>();
  for (const id of uniqueIds(donations.map((d) => str(d.campaignId)))) committees.set(id, await committeeOfCampaign(trx, accountId, id));
  const excess: ExcessKey[] = [];
  for (const d of donations) {
    const committeeId = committees.get(str(d.campaignId) ?? '') ?? null;
    if (committeeId && d.contactId && d.electionCode) excess.push({ contactId: String(d.contactId), committeeId, electionCode: String(d.electionCode) });
  }

  let removedDonations = 0;
  let removedPledges = 0;
  const ids = (rows: { id: string }[]) => rows.map((r) => String(r.id));
  for (let i = 0; i < donations.length; i += CHUNK)
    removedDonations += toInt(
      await scoped(trx, 'donations', accountId)
        .whereIn('donations.id', ids(donations).slice(i, i + CHUNK))
        .delete(),
    );
  for (let i = 0; i < pledges.length; i += CHUNK)
    removedPledges += toInt(
      await scoped(trx, 'pledges', accountId)
        .whereIn('pledges.id', ids(pledges).slice(i, i + CHUNK))
        .delete(),
    );

  await refreshFigures(trx, accountId, {
    rollups: { removed: donations },
    excess,
    pledges: donations.map((d) => ({ id: str(d.pledgeId), demote: true })),
    contacts: [...planned.map((g) => g.contactId), ...later.map((r) => str(r.contactId))],
    campaigns: [...planned.map((g) => g.campaignId), ...later.map((r) => str(r.campaignId))],
  });
  await traceMoney(
    trx,
    accountId,
    actor,
    'donation',
    donations.map((d) => ({ id: String(d.id), action, before: d, after: null })),
  );
  await traceMoney(
    trx,
    accountId,
    actor,
    'pledge',
    pledges.map((p) => ({ id: String(p.id), action, before: p, after: null })),
  );
  return { donations: removedDonations, pledges: removedPledges };
}
