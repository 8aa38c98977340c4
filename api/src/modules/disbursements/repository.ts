import type { Knex } from 'knex';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import type { CommitteeRow, ContactRow, DisbursementRow, DonationRow } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { scoped } from '../../http/tenancy';

type Db = Knex | Knex.Transaction;

/** The fields of a received gift a refund reads. */
export type RefundableGift = Pick<DonationRow, 'id' | 'contactId' | 'donationAmount' | 'electionCode' | 'donationDate'>;

/** Joins a donation to its campaign on the account too: another tenant's campaign never matches. */
export function committeeDonations(db: Db, accountId: string, committeeId: string) {
  return scoped(db, 'donations', accountId)
    .join('campaigns', function joinCampaign() {
      this.on('campaigns.id', '=', 'donations.campaignId').andOn('campaigns.accountId', '=', 'donations.accountId');
    })
    .where('campaigns.committeeId', committeeId);
}

/**
 * Gifts the committee received: completed ones, and refunded ones whose refund is a disbursement (a
 * compliance remedy's refund). Such a receipt stays on the report and its refund goes out on line
 * 20a / 28a; a gift marked refunded without a disbursement (a card payment reversed before it
 * settled) was never money on hand.
 */
export function whereReceived(query: Knex.QueryBuilder, db: Db, accountId: string): Knex.QueryBuilder {
  return query.where((q) =>
    q
      .where('donations.status', COUNTED_DONATION_STATUS)
      .orWhere((refunded) =>
        refunded
          .where('donations.status', 'refunded')
          .whereIn(
            'donations.id',
            scoped(db, 'disbursements', accountId).whereNotNull('disbursements.refundOfDonationId').select('disbursements.refundOfDonationId'),
          ),
      ),
  );
}

export function createDisbursementsRepository(knex: Knex) {
  return {
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },

    reader(): Knex {
      return knex;
    },

    async findCommittee(db: Db, accountId: string, id: string): Promise<CommitteeRow | undefined> {
      return scoped<CommitteeRow>(db, 'committees', accountId).where('committees.id', id).first();
    },

    async findContact(db: Db, accountId: string, id: string): Promise<ContactRow | undefined> {
      return scoped<ContactRow>(db, 'contacts', accountId).where('contacts.id', id).first();
    },

    async donationAccountExists(db: Db, accountId: string, id: string): Promise<boolean> {
      return Boolean(await scoped(db, 'donation_accounts', accountId).where('donation_accounts.id', id).first('donation_accounts.id'));
    },

    /** A gift received by one of the committee's campaigns (what a refund may name). */
    async committeeDonation(db: Db, accountId: string, committeeId: string, donationId: string): Promise<RefundableGift | undefined> {
      const gift: RefundableGift | undefined = await whereReceived(
        committeeDonations(db, accountId, committeeId).where('donations.id', donationId),
        db,
        accountId,
      ).first('donations.id', 'donations.contactId', 'donations.donationAmount', 'donations.electionCode', 'donations.donationDate');
      return gift;
    },

    /** What refunds (net of their voids) have already given back of a gift, in the database's decimal. */
    async refundedOf(db: Db, accountId: string, donationId: string, exceptId: string | null = null): Promise<number> {
      const query = scoped(db, 'disbursements', accountId).where('disbursements.refundOfDonationId', donationId);
      if (exceptId)
        query.whereNot('disbursements.id', exceptId).where((q) => q.whereNull('disbursements.voidOfId').orWhereNot('disbursements.voidOfId', exceptId));
      const row = await query.sum({ total: 'disbursements.amount' }).first();
      return Number(row?.total ?? 0);
    },

    async find(db: Db, accountId: string, id: string, forUpdate = false): Promise<DisbursementRow | undefined> {
      const query = scoped<DisbursementRow>(db, 'disbursements', accountId).where('disbursements.id', id);
      if (forUpdate) query.forUpdate();
      return query.first();
    },

    async voidOf(db: Db, accountId: string, id: string): Promise<DisbursementRow | undefined> {
      return scoped<DisbursementRow>(db, 'disbursements', accountId).where('disbursements.voidOfId', id).first();
    },

    /** The committee's entries dated from..to (either end open), newest first, with the ids of their voids. */
    async list(db: Db, accountId: string, committeeId: string, from: string | null, to: string | null): Promise<DisbursementRow[]> {
      const query = scoped<DisbursementRow>(db, 'disbursements', accountId).where('disbursements.committeeId', committeeId);
      if (from) query.where('disbursements.disbursementDate', '>=', from);
      if (to) query.where('disbursements.disbursementDate', '<=', to);
      return query.orderBy([
        { column: 'disbursements.disbursementDate', order: 'desc' },
        { column: 'disbursements.createdAt', order: 'desc' },
        { column: 'disbursements.id', order: 'desc' },
      ]);
    },

    async voidIds(db: Db, accountId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows: { id: string; voidOfId: string }[] = await scoped(db, 'disbursements', accountId)
        .whereIn('disbursements.voidOfId', ids)
        .select('disbursements.id', 'disbursements.voidOfId');
      return new Map(rows.map((row) => [row.voidOfId, row.id]));
    },
  };
}

export type DisbursementsRepository = ReturnType<typeof createDisbursementsRepository>;
