import type { Knex } from 'knex';
import type { CommitteeElection } from '@caucus/contract';
import type { BankReconciliationRow, CommitteeRow, ContactRow, DisbursementRow, DonationRow, FecReportRow, NoticeFilingRow } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { scoped } from '../../http/tenancy';
import { committeeElections } from '../committees/repository';
import { refundedCentsByDonation } from '../compliance/designation';
import { committeeDonations, whereReceived } from '../disbursements/repository';

type Db = Knex | Knex.Transaction;

type ContributorColumn = 'contributorType' | 'firstName' | 'lastName' | 'organization' | 'addressLine1' | 'employer' | 'occupation';

/** A receipt of the committee with what the summary and the pre-filing check read of its contributor (null without a contact). */
export type ReceiptEntryRow = Pick<
  DonationRow,
  'id' | 'contactId' | 'donationAmount' | 'donationDate' | 'electionCode' | 'excessAmount' | 'remedyDeadline' | 'donationAccountId'
> & { campaignDonationAccountId: string | null } & { [Column in ContributorColumn]: ContactRow[Column] | null };

/** A disbursement of the committee with the refunded contributor's type (null without a payee contact). */
export type OutflowEntryRow = DisbursementRow & { payeeContributorType: string | null };

export type ReportChanges = Partial<Omit<FecReportRow, 'id' | 'accountId' | 'committeeId' | 'createdAt' | 'updatedAt'>>;

const ENTRY_ORDER = (table: string, dateColumn: string) => [
  { column: `${table}.${dateColumn}`, order: 'asc' as const },
  { column: `${table}.createdAt`, order: 'asc' as const },
  { column: `${table}.id`, order: 'asc' as const },
];

function between(query: Knex.QueryBuilder, column: string, from: string | null, through: string): Knex.QueryBuilder {
  if (from) query.where(column, '>=', from);
  return query.where(column, '<=', through);
}

export function createFecReportsRepository(knex: Knex) {
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

    /** The committee's elections, by date: a pre- or post-election report names one of them. */
    committeeElections(db: Db, accountId: string, committeeId: string): Promise<CommitteeElection[]> {
      return committeeElections(db, accountId, committeeId);
    },

    /** The receipts of the committee (whereReceived) dated from..through, oldest first, with what the check reads of the contributor. */
    async receipts(db: Db, accountId: string, committeeId: string, from: string | null, through: string): Promise<ReceiptEntryRow[]> {
      const query = committeeDonations(db, accountId, committeeId).leftJoin('contacts', function joinContact() {
        this.on('contacts.id', '=', 'donations.contactId').andOn('contacts.accountId', '=', 'donations.accountId');
      });
      whereReceived(query, db, accountId);
      return between(query, 'donations.donationDate', from, through)
        .orderBy(ENTRY_ORDER('donations', 'donationDate'))
        .select(
          'donations.id',
          'donations.contactId',
          'donations.donationAmount',
          'donations.donationDate',
          'donations.electionCode',
          'donations.excessAmount',
          'donations.remedyDeadline',
          'donations.donationAccountId',
          'campaigns.donationAccountId as campaignDonationAccountId',
          'contacts.contributorType',
          'contacts.firstName',
          'contacts.lastName',
          'contacts.organization',
          'contacts.addressLine1',
          'contacts.employer',
          'contacts.occupation',
        );
    },

    /** What refunds (net of their voids) gave back of each of the gifts, in cents. */
    refundedCentsByDonation(db: Db, accountId: string, donationIds: string[]): Promise<Map<string, number>> {
      return refundedCentsByDonation(db, accountId, donationIds);
    },

    /** The committee's disbursements (voids included) dated from..through, oldest first, with the refunded contributor's type. */
    async outflows(db: Db, accountId: string, committeeId: string, from: string | null, through: string): Promise<OutflowEntryRow[]> {
      const query = scoped(db, 'disbursements', accountId)
        .leftJoin('contacts', function joinContact() {
          this.on('contacts.id', '=', 'disbursements.payeeContactId').andOn('contacts.accountId', '=', 'disbursements.accountId');
        })
        .where('disbursements.committeeId', committeeId);
      return between(query, 'disbursements.disbursementDate', from, through)
        .orderBy(ENTRY_ORDER('disbursements', 'disbursementDate'))
        .select('disbursements.*', 'contacts.contributorType as payeeContributorType');
    },

    async reports(db: Db, accountId: string, committeeId: string): Promise<FecReportRow[]> {
      return scoped<FecReportRow>(db, 'fec_reports', accountId)
        .where('fec_reports.committeeId', committeeId)
        .orderBy([
          { column: 'fec_reports.coverageThrough', order: 'asc' },
          { column: 'fec_reports.amendmentNumber', order: 'asc' },
          { column: 'fec_reports.createdAt', order: 'asc' },
        ]);
    },

    async findReport(db: Db, accountId: string, id: string, forUpdate = false): Promise<FecReportRow | undefined> {
      const query = scoped<FecReportRow>(db, 'fec_reports', accountId).where('fec_reports.id', id);
      if (forUpdate) query.forUpdate();
      return query.first();
    },

    async insertReport(db: Db, row: FecReportRow): Promise<void> {
      await db('fec_reports').insert(row);
    },

    async updateReport(db: Db, accountId: string, id: string, changes: ReportChanges): Promise<void> {
      await scoped(db, 'fec_reports', accountId)
        .where('fec_reports.id', id)
        .update({ ...changes, updatedAt: new Date() });
    },

    async reconciliation(
      db: Db,
      accountId: string,
      committeeId: string,
      donationAccountId: string | null,
      month: string,
    ): Promise<BankReconciliationRow | undefined> {
      return scoped<BankReconciliationRow>(db, 'bank_reconciliations', accountId)
        .where('bank_reconciliations.committeeId', committeeId)
        .where('bank_reconciliations.donationAccountKey', donationAccountId ?? '')
        .where('bank_reconciliations.month', month)
        .first();
    },

    async insertReconciliation(db: Db, row: BankReconciliationRow): Promise<void> {
      await db('bank_reconciliations').insert(row);
    },

    async updateReconciliation(db: Db, accountId: string, id: string, changes: Pick<BankReconciliationRow, 'statementBalance' | 'updatedAt'>): Promise<void> {
      await scoped(db, 'bank_reconciliations', accountId).where('bank_reconciliations.id', id).update(changes);
    },

    /** Names of the account's donation accounts among `ids` (another tenant's never match). */
    async donationAccountNames(db: Db, accountId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows: { id: string; name: string }[] = await scoped(db, 'donation_accounts', accountId)
        .whereIn('donation_accounts.id', ids)
        .select('donation_accounts.id', 'donation_accounts.name');
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** The donation accounts of the committee's campaigns. */
    async committeeDonationAccountIds(db: Db, accountId: string, committeeId: string): Promise<string[]> {
      const rows: { donationAccountId: string }[] = await scoped(db, 'campaigns', accountId)
        .where('campaigns.committeeId', committeeId)
        .whereNotNull('campaigns.donationAccountId')
        .distinct('campaigns.donationAccountId');
      return rows.map((row) => row.donationAccountId);
    },

    async findNoticeFiling(db: Db, accountId: string, donationId: string): Promise<NoticeFilingRow | undefined> {
      return scoped<NoticeFilingRow>(db, 'notice_filings', accountId).where('notice_filings.donationId', donationId).first();
    },

    async insertNoticeFiling(db: Db, row: NoticeFilingRow): Promise<void> {
      await db('notice_filings').insert(row);
    },

    async deleteNoticeFiling(db: Db, accountId: string, donationId: string): Promise<void> {
      await scoped(db, 'notice_filings', accountId).where('notice_filings.donationId', donationId).delete();
    },
  };
}

export type FecReportsRepository = ReturnType<typeof createFecReportsRepository>;
