import type { Knex } from 'knex';
import { COUNTED_DONATION_STATUS } from '../../db/enums';
import { toInt } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { type DonationFacts } from '../analytics-reports/rollups';
import { addToCampaignTotals } from '../campaigns/repository';
import { committeeOfCampaign, type ExcessKey } from '../compliance/designation';
import { lockMoneyRows, refreshFigures, uniqueIds } from './figures';
import { traceMoney, type LedgerActor } from './trace';

// Gifts recorded or removed many at a time: an import's batch and its undo. Both run inside the
// caller's transaction (the import job's, which also holds the import's own rows).

type Row = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const CHUNK = 500;

async function insertChunked(trx: Knex.Transaction, table: string, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await trx(table).insert(rows.slice(i, i + CHUNK));
}

export type ImportedGifts = {
  /** Full rows, ready to insert, all to `campaignId` (or to no campaign). */
  donations: Row[];
  pledges: Row[];
  campaignId: string | null;
  /** The campaign's committee: the elections the donations were designated to belong to it. */
  committeeId: string | null;
  /** People the campaign did not count before and counts now (donors and pledgers), and how many of them volunteer. */
  newlyReached: { contacts: number; volunteers: number };
};

/**
 * Records an import batch's gifts. The caller holds the locks of ADR 0002 (the batch's contacts in
 * id order, then the campaign) and has checked every total stays in range. Every donor's figures
 * are recomputed from its rows (new contacts included: one computation of a contact's figures in
 * the whole app), the campaign's totals move by atomic increment, the flags of every election the
 * batch gave to are recomputed, and each gift leaves a trace.
 */
export async function recordImportedGifts(trx: Knex.Transaction, accountId: string, actor: LedgerActor, gifts: ImportedGifts): Promise<void> {
  const { donations, pledges, campaignId, committeeId } = gifts;
  if (donations.length === 0 && pledges.length === 0) return;
  await insertChunked(trx, 'pledges', pledges);
  await insertChunked(trx, 'donations', donations);
  const excess: ExcessKey[] = committeeId
    ? donations.filter((d) => d.electionCode && d.contactId).map((d) => ({ contactId: String(d.contactId), committeeId, electionCode: String(d.electionCode) }))
    : [];
  await refreshFigures(trx, accountId, {
    rollups: { added: donations as DonationFacts[] },
    excess,
    contacts: donations.map((d) => str(d.contactId)),
  });
  if (campaignId) {
    const counted = donations.filter((d) => d.status === COUNTED_DONATION_STATUS);
    await addToCampaignTotals(trx, accountId, campaignId, {
      amountRaised: counted.reduce((cents, d) => cents + Math.round(Number(d.donationAmount) * 100), 0) / 100,
      donationCount: counted.length,
      contactsReached: gifts.newlyReached.contacts,
      volunteersRecruited: gifts.newlyReached.volunteers,
    });
  }
  await traceMoney(trx, accountId, actor, 'donation', donations.map((d) => ({ id: String(d.id), action: 'import', before: null, after: d })));
  await traceMoney(trx, accountId, actor, 'pledge', pledges.map((p) => ({ id: String(p.id), action: 'import', before: null, after: p })));
}

export type GiftRef = { kind: 'donations' | 'pledges'; id: string; contactId: string | null; campaignId: string | null };

/**
 * Removes gifts (an import's undo, a batch at a time): locks their contacts then their campaigns
 * (ADR 0002), deletes them by id, and brings back in line everything they counted in: the contacts'
 * figures, the campaigns' totals, the pledges they fulfilled, the roll-ups, and the excess flags of
 * every election they counted toward, so a later gift of the same contributor is flagged (or not)
 * against the aggregate that remains. Returns how many of each were removed.
 */
export async function removeGifts(trx: Knex.Transaction, accountId: string, actor: LedgerActor, planned: GiftRef[], action = 'remove'): Promise<{ donations: number; pledges: number }> {
  await lockMoneyRows(trx, accountId, planned.map((g) => g.contactId), planned.map((g) => g.campaignId));
  const donationIds = planned.filter((g) => g.kind === 'donations').map((g) => g.id);
  const pledgeIds = planned.filter((g) => g.kind === 'pledges').map((g) => g.id);
  // Read again under the locks: a gift moved to another contact meanwhile counts for both.
  const donations: Row[] = [];
  const pledges: Row[] = [];
  for (let i = 0; i < donationIds.length; i += CHUNK) donations.push(...((await scoped(trx, 'donations', accountId).whereIn('donations.id', donationIds.slice(i, i + CHUNK))) as Row[]));
  for (let i = 0; i < pledgeIds.length; i += CHUNK) pledges.push(...((await scoped(trx, 'pledges', accountId).whereIn('pledges.id', pledgeIds.slice(i, i + CHUNK))) as Row[]));
  // Locks of contacts or campaigns the rows moved to since they were planned (the order holds: contacts first, then campaigns).
  const planContacts = new Set(planned.map((g) => g.contactId));
  const planCampaigns = new Set(planned.map((g) => g.campaignId));
  const later = [...donations, ...pledges];
  if (later.some((r) => !planContacts.has(str(r.contactId)) || !planCampaigns.has(str(r.campaignId)))) {
    await lockMoneyRows(trx, accountId, later.map((r) => str(r.contactId)), later.map((r) => str(r.campaignId)));
  }

  const committees = new Map<string, string | null>();
  for (const id of uniqueIds(donations.map((d) => str(d.campaignId)))) committees.set(id, await committeeOfCampaign(trx, accountId, id));
  const excess: ExcessKey[] = [];
  for (const d of donations) {
    const committeeId = committees.get(str(d.campaignId) ?? '') ?? null;
    if (committeeId && d.contactId && d.electionCode) excess.push({ contactId: String(d.contactId), committeeId, electionCode: String(d.electionCode) });
  }

  let removedDonations = 0;
  let removedPledges = 0;
  const ids = (rows: Row[]) => rows.map((r) => String(r.id));
  for (let i = 0; i < donations.length; i += CHUNK) removedDonations += toInt(await scoped(trx, 'donations', accountId).whereIn('donations.id', ids(donations).slice(i, i + CHUNK)).delete());
  for (let i = 0; i < pledges.length; i += CHUNK) removedPledges += toInt(await scoped(trx, 'pledges', accountId).whereIn('pledges.id', ids(pledges).slice(i, i + CHUNK)).delete());

  await refreshFigures(trx, accountId, {
    rollups: { removed: donations as unknown as DonationFacts[] },
    excess,
    pledges: donations.map((d) => ({ id: str(d.pledgeId), demote: true })),
    contacts: [...planned.map((g) => g.contactId), ...later.map((r) => str(r.contactId))],
    campaigns: [...planned.map((g) => g.campaignId), ...later.map((r) => str(r.campaignId))],
  });
  await traceMoney(trx, accountId, actor, 'donation', donations.map((d) => ({ id: String(d.id), action, before: d, after: null })));
  await traceMoney(trx, accountId, actor, 'pledge', pledges.map((p) => ({ id: String(p.id), action, before: p, after: null })));
  return { donations: removedDonations, pledges: removedPledges };
}
