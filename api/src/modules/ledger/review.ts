import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { recordAudit } from '../../lib/audit';
import type { GiftsToReviewResponse } from '@caucus/contract';
import type { DonationRow, MembershipRow } from '../../db/rows';
import { toIsoDate, toIsoDateTime, toMoney, toInt } from '../../db/values';
import type { LedgerActor } from './trace';

// Gifts entered by a Staff user are marked for the treasurer's review (docs/adr/0016-roles-and-one-permission-table.md).
// The ledger decides, from the role the recording user holds in the account when it records the gift,
// so every way in (the donation form, call time, an import started by staff) marks them alike.

/** A gift waiting for review, with its contact's, campaign's and recording user's names (null when gone). */
type QueuedGift = Pick<
  DonationRow,
  'id' | 'contactId' | 'campaignId' | 'donationAmount' | 'donationDate' | 'paymentMethod' | 'status' | 'createdBy' | 'createdAt'
> & {
  contactFirstName: string | null;
  contactLastName: string | null;
  campaignName: string | null;
  userFirstName: string | null;
  userLastName: string | null;
};

/** Whether a gift recorded now by this actor waits for review: only a Staff member's do (the system's never). */
export async function needsReviewFor(db: Knex | Knex.Transaction, accountId: string, actor: LedgerActor): Promise<boolean> {
  if (!actor.userId) return false;
  const membership: Pick<MembershipRow, 'role'> | undefined = await db('memberships').where({ accountId, userId: actor.userId }).first('role');
  return membership?.role === 'staff';
}

export type ReviewGiftsInput = { accountId: string; actor: LedgerActor; donationIds: string[] };

/**
 * Marks gifts reviewed: each one waiting for review is cleared, with who and when, and leaves one
 * audit entry (naming its contact, so the contact's history lists it). Ids of gifts already reviewed,
 * never flagged or of another account are passed over; the answer says how many were marked.
 */
export async function reviewGifts(knex: Knex, input: ReviewGiftsInput): Promise<string[]> {
  const { accountId, actor } = input;
  const ids = [...new Set(input.donationIds)];
  if (ids.length === 0) return [];
  return inTransaction(knex, async (trx) => {
    const waiting: Pick<DonationRow, 'id' | 'contactId'>[] = await trx('donations')
      .where({ accountId, needsReview: true })
      .whereIn('id', ids)
      .orderBy('id')
      .forUpdate()
      .select('id', 'contactId');
    if (waiting.length === 0) return [];
    const reviewed = waiting.map((row) => row.id);
    await trx('donations').where({ accountId }).whereIn('id', reviewed).update({ needsReview: false, reviewedBy: actor.userId, reviewedAt: new Date() });
    await recordAudit(
      trx,
      waiting.map((row) => ({
        accountId,
        actor,
        entityType: 'donation',
        entityId: row.id,
        action: 'review',
        before: { needsReview: true, contactId: row.contactId },
        after: { needsReview: false, contactId: row.contactId },
      })),
    );
    return reviewed;
  });
}

const QUEUE_PAGE = 200;

/** The account's gifts waiting for review, oldest entered first (the first page), and how many wait in all. */
export async function giftsToReview(knex: Knex, accountId: string): Promise<GiftsToReviewResponse> {
  const base = () => knex('donations').where({ 'donations.accountId': accountId, 'donations.needsReview': true });
  const counted = await base().count({ n: '*' }).first<{ n: number | string } | undefined>();
  const rows: QueuedGift[] = await base()
    .leftJoin('contacts', function joinContact() {
      this.on('contacts.id', '=', 'donations.contactId').andOn('contacts.accountId', '=', 'donations.accountId');
    })
    .leftJoin('campaigns', function joinCampaign() {
      this.on('campaigns.id', '=', 'donations.campaignId').andOn('campaigns.accountId', '=', 'donations.accountId');
    })
    .leftJoin('users', 'users.id', 'donations.createdBy')
    .orderBy([
      { column: 'donations.createdAt', order: 'asc' },
      { column: 'donations.id', order: 'asc' },
    ])
    .limit(QUEUE_PAGE)
    .select(
      'donations.id',
      'donations.contactId',
      'donations.campaignId',
      'donations.donationAmount',
      'donations.donationDate',
      'donations.paymentMethod',
      'donations.status',
      'donations.createdBy',
      'donations.createdAt',
      'contacts.firstName as contactFirstName',
      'contacts.lastName as contactLastName',
      'campaigns.name as campaignName',
      'users.firstName as userFirstName',
      'users.lastName as userLastName',
    );
  return {
    total: toInt(counted?.n),
    gifts: rows.map((row) => {
      const campaignId = row.campaignId;
      const userId = row.createdBy;
      const contactName = row.contactFirstName === null ? null : `${row.contactFirstName} ${row.contactLastName ?? ''}`.trim();
      return {
        id: row.id,
        contactId: row.contactId,
        contactName,
        campaign: campaignId && row.campaignName ? { id: campaignId, name: row.campaignName } : null,
        donationAmount: toMoney(row.donationAmount),
        donationDate: toIsoDate(row.donationDate),
        paymentMethod: row.paymentMethod,
        status: row.status,
        recordedBy: userId ? { id: userId, name: `${row.userFirstName ?? ''} ${row.userLastName ?? ''}`.trim() } : null,
        createdAt: toIsoDateTime(row.createdAt),
      };
    }),
  };
}
