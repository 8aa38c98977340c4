import type { Knex } from 'knex';
import { COUNTED_DONATION_STATUS } from '../../db/enums';
import { inTransaction } from '../../db/transaction';
import { scoped } from '../../http/tenancy';
import { committeeDonations } from '../disbursements/repository';

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;

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

    async findCommittee(db: Db, accountId: string, id: string): Promise<Row | undefined> {
      return (await scoped(db, 'committees', accountId).where('committees.id', id).first()) as Row | undefined;
    },

    /** The committee's completed receipts dated from..through, oldest first, with what the check reads of the contributor. */
    async receipts(db: Db, accountId: string, committeeId: string, from: string | null, through: string): Promise<Row[]> {
      const query = committeeDonations(db, accountId, committeeId)
        .leftJoin('contacts', function joinContact() {
          this.on('contacts.id', '=', 'donations.contactId').andOn('contacts.accountId', '=', 'donations.accountId');
        })
        .where('donations.status', COUNTED_DONATION_STATUS);
      return (await between(query, 'donations.donationDate', from, through)
        .orderBy(ENTRY_ORDER('donations', 'donationDate'))
        .select(
          'donations.id',
          'donations.contactId',
          'donations.donationAmount',
          'donations.donationDate',
          'donations.electionCode',
          'donations.excessAmount',
          'donations.remedyDeadline',
          'contacts.contributorType',
          'contacts.firstName',
          'contacts.lastName',
          'contacts.organization',
          'contacts.addressLine1',
          'contacts.employer',
          'contacts.occupation',
        )) as Row[];
    },

    /** The committee's disbursements (voids included) dated from..through, oldest first, with the refunded contributor's type. */
    async outflows(db: Db, accountId: string, committeeId: string, from: string | null, through: string): Promise<Row[]> {
      const query = scoped(db, 'disbursements', accountId)
        .leftJoin('contacts', function joinContact() {
          this.on('contacts.id', '=', 'disbursements.payeeContactId').andOn('contacts.accountId', '=', 'disbursements.accountId');
        })
        .where('disbursements.committeeId', committeeId);
      return (await between(query, 'disbursements.disbursementDate', from, through)
        .orderBy(ENTRY_ORDER('disbursements', 'disbursementDate'))
        .select('disbursements.*', 'contacts.contributorType as payeeContributorType')) as Row[];
    },

    async reports(db: Db, accountId: string, committeeId: string): Promise<Row[]> {
      return (await scoped(db, 'fec_reports', accountId)
        .where('fec_reports.committeeId', committeeId)
        .orderBy([
          { column: 'fec_reports.coverageThrough', order: 'asc' },
          { column: 'fec_reports.amendmentNumber', order: 'asc' },
          { column: 'fec_reports.createdAt', order: 'asc' },
        ])) as Row[];
    },

    async findReport(db: Db, accountId: string, id: string, forUpdate = false): Promise<Row | undefined> {
      const query = scoped(db, 'fec_reports', accountId).where('fec_reports.id', id);
      if (forUpdate) query.forUpdate();
      return (await query.first()) as Row | undefined;
    },

    async insertReport(db: Db, row: Row): Promise<void> {
      await db('fec_reports').insert(row);
    },

    async updateReport(db: Db, accountId: string, id: string, changes: Row): Promise<void> {
      await scoped(db, 'fec_reports', accountId).where('fec_reports.id', id).update({ ...changes, updatedAt: new Date() });
    },

    async reconciliation(db: Db, accountId: string, committeeId: string, month: string): Promise<Row | undefined> {
      return (await scoped(db, 'bank_reconciliations', accountId).where({ 'bank_reconciliations.committeeId': committeeId, 'bank_reconciliations.month': month }).first()) as Row | undefined;
    },

    async insertReconciliation(db: Db, row: Row): Promise<void> {
      await db('bank_reconciliations').insert(row);
    },

    async updateReconciliation(db: Db, accountId: string, id: string, changes: Row): Promise<void> {
      await scoped(db, 'bank_reconciliations', accountId).where('bank_reconciliations.id', id).update(changes);
    },

    async noticeFilings(db: Db, accountId: string, donationIds: string[]): Promise<Map<string, string>> {
      if (donationIds.length === 0) return new Map();
      const rows = (await scoped(db, 'notice_filings', accountId).whereIn('notice_filings.donationId', donationIds).select('notice_filings.donationId', 'notice_filings.filedOn')) as Row[];
      return new Map(rows.map((row) => [String(row.donationId), row.filedOn as string]));
    },

    async findNoticeFiling(db: Db, accountId: string, donationId: string): Promise<Row | undefined> {
      return (await scoped(db, 'notice_filings', accountId).where('notice_filings.donationId', donationId).first()) as Row | undefined;
    },

    async insertNoticeFiling(db: Db, row: Row): Promise<void> {
      await db('notice_filings').insert(row);
    },

    async deleteNoticeFiling(db: Db, accountId: string, donationId: string): Promise<void> {
      await scoped(db, 'notice_filings', accountId).where('notice_filings.donationId', donationId).delete();
    },
  };
}

export type FecReportsRepository = ReturnType<typeof createFecReportsRepository>;
