import type { Knex } from 'knex';
import type { ContributionLimit, ContributorType } from '@caucus/contract';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import { engineOf } from '../../db/knex';
import type { CommitteeRow, ContactRow, DonationRow } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { scoped } from '../../http/tenancy';
import { newId } from '../../lib/ids';
import { DONATION_FACT_COLUMNS, refreshDonationRollups, type DonationFacts } from '../analytics-reports/rollups';
import { TOUCH_CHANGE, syncSmartListsOf } from '../contactLists';
import { whereReceived } from '../disbursements/repository';

type Db = Knex | Knex.Transaction;

/** A sum as the drivers give it: a number, or decimal text on some engines (read it with centsOf). */
type DbSum = number | string | null;
type ContactName = Pick<ContactRow, 'firstName' | 'lastName' | 'organization'>;

/** A flagged gift with its contributor's name. */
export type ExcessiveGiftRow = Pick<DonationRow, 'id' | 'donationDate' | 'donationAmount' | 'excessAmount' | 'remedyDeadline' | 'createdAt'> & {
  contactId: string;
  electionCode: string;
} & ContactName;

/** A gift of an individual as Schedule A reports it, with the contributor's name, address and work. */
export type IndividualReceiptRow = Pick<DonationRow, 'id' | 'donationAmount' | 'donationDate' | 'electionCode' | 'remedyAction'> & {
  contactId: string;
} & Pick<ContactRow, 'firstName' | 'lastName' | 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zipCode' | 'employer' | 'occupation'>;

/** A gift large enough for a 48-hour notice, with its contributor's name (none when the contact is gone). */
export type LargeReceiptRow = Pick<DonationRow, 'id' | 'contactId' | 'donationAmount' | 'donationDate' | 'processedDate'> & {
  [K in keyof ContactName]: ContactName[K] | null;
};

/** Joins a donation to its campaign on the account too: another tenant's campaign never matches. */
function committeeDonations(db: Db, accountId: string, committeeId: string) {
  return scoped(db, 'donations', accountId)
    .join('campaigns', function joinCampaign() {
      this.on('campaigns.id', '=', 'donations.campaignId').andOn('campaigns.accountId', '=', 'donations.accountId');
    })
    .where('campaigns.committeeId', committeeId);
}

function withContact(query: Knex.QueryBuilder) {
  return query.leftJoin('contacts', function joinContact() {
    this.on('contacts.id', '=', 'donations.contactId').andOn('contacts.accountId', '=', 'donations.accountId');
  });
}

export function createComplianceRepository(knex: Knex) {
  return {
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },

    reader(): Knex {
      return knex;
    },

    /**
     * The app's lock order (ADR 0002): contacts in id order, then campaigns in id order. SQLite runs
     * one writer at a time already.
     */
    async lockForWrite(trx: Knex.Transaction, accountId: string, contactIds: string[], campaignIds: string[]): Promise<void> {
      if (engineOf(trx) !== 'mysql') return;
      const contacts = [...new Set(contactIds)].sort();
      if (contacts.length > 0) {
        await scoped(trx, 'contacts', accountId).whereIn('contacts.id', contacts).orderBy('contacts.id').forUpdate().select('contacts.id');
      }
      const campaigns = [...new Set(campaignIds)].sort();
      if (campaigns.length > 0) {
        await scoped(trx, 'campaigns', accountId).whereIn('campaigns.id', campaigns).orderBy('campaigns.id').forUpdate().select('campaigns.id');
      }
    },

    async findCommittee(db: Db, accountId: string, id: string): Promise<CommitteeRow | undefined> {
      return scoped<CommitteeRow>(db, 'committees', accountId).where('committees.id', id).first();
    },

    async contactExists(db: Db, accountId: string, id: string): Promise<boolean> {
      return Boolean(await scoped(db, 'contacts', accountId).where('contacts.id', id).first('contacts.id'));
    },

    async setContributorType(db: Db, accountId: string, contactId: string, contributorType: ContributorType): Promise<void> {
      await scoped(db, 'contacts', accountId).where('contacts.id', contactId).update({ contributorType, updatedAt: new Date() });
      // No rule reads the contributor type, but one on "Updated" reads the change.
      await syncSmartListsOf(db, accountId, [contactId], TOUCH_CHANGE);
    },

    /** Every (committee, election) the contact has gifts designated to: what a new contributor type re-flags. */
    async designatedElections(db: Db, accountId: string, contactId: string): Promise<{ committeeId: string; electionCode: string }[]> {
      const rows: { committeeId: string; electionCode: string }[] = await scoped(db, 'donations', accountId)
        .join('campaigns', function joinCampaign() {
          this.on('campaigns.id', '=', 'donations.campaignId').andOn('campaigns.accountId', '=', 'donations.accountId');
        })
        .where('donations.contactId', contactId)
        .whereNotNull('donations.electionCode')
        .whereNotNull('campaigns.committeeId')
        .distinct('campaigns.committeeId as committeeId', 'donations.electionCode as electionCode');
      return rows.map((row) => ({ committeeId: row.committeeId, electionCode: row.electionCode }));
    },

    /** Every (contact, committee, election) of the account's designated gifts: what a new limit re-flags. */
    async allDesignatedKeys(db: Db, accountId: string): Promise<{ contactId: string; committeeId: string; electionCode: string }[]> {
      const rows: { contactId: string; committeeId: string; electionCode: string }[] = await scoped(db, 'donations', accountId)
        .join('campaigns', function joinCampaign() {
          this.on('campaigns.id', '=', 'donations.campaignId').andOn('campaigns.accountId', '=', 'donations.accountId');
        })
        .whereNotNull('donations.contactId')
        .whereNotNull('donations.electionCode')
        .whereNotNull('campaigns.committeeId')
        .distinct('donations.contactId as contactId', 'campaigns.committeeId as committeeId', 'donations.electionCode as electionCode');
      return rows.map((row) => ({ contactId: row.contactId, committeeId: row.committeeId, electionCode: row.electionCode }));
    },

    /** Sets the account's rows (insert or update by cycle and contributor type). */
    async upsertLimits(db: Db, accountId: string, limits: ContributionLimit[]): Promise<void> {
      const now = new Date();
      for (const limit of limits) {
        const updated = await scoped(db, 'contribution_limits', accountId)
          .where({ 'contribution_limits.cycle': limit.cycle, 'contribution_limits.contributorType': limit.contributorType })
          .update({ amount: limit.amount, updatedAt: now });
        if (updated === 0) {
          await db('contribution_limits').insert({ id: newId(), accountId, ...limit, createdAt: now, updatedAt: now });
        }
      }
    },

    /** Completed gifts of the contact to the committee, summed per election (cents per engine, see centsOf). */
    async aggregatesByElection(db: Db, accountId: string, contactId: string, committeeId: string): Promise<{ electionCode: string; aggregate: DbSum }[]> {
      return committeeDonations(db, accountId, committeeId)
        .where('donations.contactId', contactId)
        .where('donations.status', COUNTED_DONATION_STATUS)
        .whereNotNull('donations.electionCode')
        .groupBy('donations.electionCode')
        .select('donations.electionCode as electionCode')
        .sum({ aggregate: 'donations.donationAmount' });
    },

    /** Refunds (net of voids) of the contact's completed gifts to the committee, summed per election of the gift. */
    async refundsByElection(db: Db, accountId: string, contactId: string, committeeId: string): Promise<{ electionCode: string; total: DbSum }[]> {
      return committeeDonations(db, accountId, committeeId)
        .join('disbursements', function joinRefunds() {
          this.on('disbursements.refundOfDonationId', '=', 'donations.id').andOn('disbursements.accountId', '=', 'donations.accountId');
        })
        .where('donations.contactId', contactId)
        .where('donations.status', COUNTED_DONATION_STATUS)
        .whereNotNull('donations.electionCode')
        .groupBy('donations.electionCode')
        .select('donations.electionCode as electionCode')
        .sum({ total: 'disbursements.amount' });
    },

    /** The committee's flagged gifts, earliest deadline first. */
    async excessive(db: Db, accountId: string, committeeId: string): Promise<ExcessiveGiftRow[]> {
      return withContact(committeeDonations(db, accountId, committeeId))
        .where('donations.excessAmount', '>', 0)
        .where('donations.status', COUNTED_DONATION_STATUS)
        .whereNotNull('donations.contactId')
        .orderBy([
          { column: 'donations.remedyDeadline', order: 'asc' },
          { column: 'donations.donationDate', order: 'asc' },
          { column: 'donations.id', order: 'asc' },
        ])
        .select(
          'donations.id',
          'donations.contactId',
          'donations.electionCode',
          'donations.donationDate',
          'donations.donationAmount',
          'donations.excessAmount',
          'donations.remedyDeadline',
          'donations.createdAt',
          'contacts.firstName',
          'contacts.lastName',
          'contacts.organization',
        );
    },

    async findDonation(db: Db, accountId: string, id: string): Promise<DonationRow | undefined> {
      return scoped<DonationRow>(db, 'donations', accountId).where('donations.id', id).first();
    },

    /** Remedies move money between gifts, contacts and elections: the analytics roll-ups follow in the same transaction. */
    async updateDonation(db: Db, accountId: string, id: string, changes: Partial<DonationRow>): Promise<void> {
      const before: DonationFacts | undefined = await scoped(db, 'donations', accountId).where('donations.id', id).first(DONATION_FACT_COLUMNS);
      await scoped(db, 'donations', accountId)
        .where('donations.id', id)
        .update({ ...changes, updatedAt: new Date() });
      if (before) await refreshDonationRollups(db, accountId, { removed: [before], added: [{ ...before, ...changes }] });
    },

    async insertDonation(db: Db, row: Omit<DonationRow, 'createdAt' | 'updatedAt'>): Promise<void> {
      const now = new Date();
      await db('donations').insert({ ...row, createdAt: now, updatedAt: now });
      await refreshDonationRollups(db, row.accountId, { added: [row] });
    },

    /**
     * Completed gifts of individuals to the committee dated from..to, with their contributor's
     * details, in the order received (the order aggregates run in).
     */
    async individualReceipts(db: Db, accountId: string, committeeId: string, from: string, to: string): Promise<IndividualReceiptRow[]> {
      return whereReceived(withContact(committeeDonations(db, accountId, committeeId)), db, accountId)
        .whereNotNull('donations.contactId')
        .where('contacts.contributorType', 'individual')
        .whereBetween('donations.donationDate', [from, to])
        .orderBy([
          { column: 'donations.donationDate', order: 'asc' },
          { column: 'donations.createdAt', order: 'asc' },
          { column: 'donations.id', order: 'asc' },
        ])
        .select(
          'donations.id',
          'donations.contactId',
          'donations.donationAmount',
          'donations.donationDate',
          'donations.electionCode',
          'donations.remedyAction',
          'contacts.firstName',
          'contacts.lastName',
          'contacts.addressLine1',
          'contacts.addressLine2',
          'contacts.city',
          'contacts.state',
          'contacts.zipCode',
          'contacts.employer',
          'contacts.occupation',
        );
    },

    /** Completed gifts of at least `minimum` to the committee dated from..to (48-hour notice candidates). */
    async largeReceipts(db: Db, accountId: string, committeeId: string, minimum: number, from: string, to: string): Promise<LargeReceiptRow[]> {
      return withContact(committeeDonations(db, accountId, committeeId))
        .where('donations.status', COUNTED_DONATION_STATUS)
        .where('donations.donationAmount', '>=', minimum)
        .whereBetween('donations.donationDate', [from, to])
        .select(
          'donations.id',
          'donations.contactId',
          'donations.donationAmount',
          'donations.donationDate',
          'donations.processedDate',
          'contacts.firstName',
          'contacts.lastName',
          'contacts.organization',
        );
    },

    async accountTimeZone(db: Db, accountId: string): Promise<string | null> {
      const row: { timezone: string | null } | undefined = await db('accounts').where('accounts.id', accountId).first('accounts.timezone');
      return row?.timezone || null;
    },
  };
}

export type ComplianceRepository = ReturnType<typeof createComplianceRepository>;
