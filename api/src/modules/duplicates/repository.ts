import type { Knex } from 'knex';
import { insertInBatches } from '../../db/batch';
import type { ContactDuplicateRow, ContactRow, DuplicateScanRow } from '../../db/rows';
import { toInt } from '../../db/values';
import { scoped } from '../../http/tenancy';
import type { ScanContact } from './scan';

const CHUNK = 500;

export const SCAN_FIELDS = ['id', 'firstName', 'lastName', 'primaryEmail', 'primaryPhone', 'addressLine1', 'zipCode'] as const;
export const SUMMARY_FIELDS = [...SCAN_FIELDS, 'city', 'state', 'totalDonated', 'donationCount', 'updatedAt'] as const;

/** A contact as the review queue shows it: the SUMMARY_FIELDS. */
export type ContactSummaryRow = Pick<ContactRow, (typeof SUMMARY_FIELDS)[number]>;

/** A stored pair as the scan compares it with what it found. */
export type StoredPairRow = Pick<ContactDuplicateRow, 'id' | 'firstContactId' | 'secondContactId' | 'status' | 'score' | 'reasons'>;

export function createDuplicatesRepository(knex: Knex) {
  return {
    knex,

    async countContacts(accountId: string): Promise<number> {
      return toInt((await scoped(knex, 'contacts', accountId).whereNull('contacts.mergedIntoId').count({ n: '*' }).first())?.n);
    },

    /**
     * A page of the account's contacts in id order, only the fields the scan compares. A record merged
     * away keeps its old email and name (for its undo) but is no one to merge any more: left out.
     */
    async contactsAfter(accountId: string, afterId: string, limit: number): Promise<ScanContact[]> {
      const page: ScanContact[] = await scoped(knex, 'contacts', accountId)
        .where('contacts.id', '>', afterId)
        .whereNull('contacts.mergedIntoId')
        .orderBy('contacts.id')
        .limit(limit)
        .select(SCAN_FIELDS.map((f) => `contacts.${f}`));
      return page;
    },

    async storedPairs(accountId: string): Promise<StoredPairRow[]> {
      return scoped<StoredPairRow>(knex, 'contact_duplicates', accountId).select('id', 'firstContactId', 'secondContactId', 'status', 'score', 'reasons');
    },

    async insertPairs(db: Knex | Knex.Transaction, rows: ContactDuplicateRow[]): Promise<void> {
      if (rows.length > 0) await insertInBatches(db, 'contact_duplicates', rows, CHUNK);
    },

    async updatePair(db: Knex | Knex.Transaction, id: string, values: Partial<ContactDuplicateRow>): Promise<void> {
      await db('contact_duplicates').where('id', id).update(values);
    },

    async deletePairs(db: Knex | Knex.Transaction, accountId: string, ids: string[]): Promise<void> {
      for (let i = 0; i < ids.length; i += CHUNK)
        await scoped(db, 'contact_duplicates', accountId)
          .whereIn('id', ids.slice(i, i + CHUNK))
          .delete();
    },

    async openPage(accountId: string, limit: number, offset: number): Promise<{ rows: ContactDuplicateRow[]; total: number }> {
      const base = () => scoped<ContactDuplicateRow>(knex, 'contact_duplicates', accountId).where('contact_duplicates.status', 'open');
      const [rows, total] = await Promise.all([
        base()
          .orderBy([
            { column: 'foundAt', order: 'desc' },
            { column: 'score', order: 'desc' },
            { column: 'id', order: 'asc' },
          ])
          .limit(limit)
          .offset(offset)
          .select('*'),
        base().count({ n: '*' }).first(),
      ]);
      return { rows, total: toInt(total?.n) };
    },

    async contactsByIds(accountId: string, ids: string[]): Promise<Map<string, ContactSummaryRow>> {
      const out = new Map<string, ContactSummaryRow>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows: ContactSummaryRow[] = await scoped(knex, 'contacts', accountId)
          .whereIn('contacts.id', ids.slice(i, i + CHUNK))
          .select(SUMMARY_FIELDS.map((f) => `contacts.${f}`));
        for (const row of rows) out.set(row.id, row);
      }
      return out;
    },

    async findPair(db: Knex | Knex.Transaction, accountId: string, id: string, forUpdate = false): Promise<ContactDuplicateRow | undefined> {
      const query = scoped<ContactDuplicateRow>(db, 'contact_duplicates', accountId).where('contact_duplicates.id', id);
      if (forUpdate) query.forUpdate();
      return query.first();
    },

    async insertScan(row: DuplicateScanRow): Promise<void> {
      await knex('duplicate_scans').insert(row);
    },

    async updateScan(id: string, values: Partial<DuplicateScanRow>): Promise<void> {
      await knex('duplicate_scans').where('id', id).update(values);
    },

    async findScan(id: string): Promise<DuplicateScanRow | undefined> {
      return knex<DuplicateScanRow>('duplicate_scans').where('id', id).first();
    },

    async latestScan(accountId: string): Promise<DuplicateScanRow | undefined> {
      return scoped<DuplicateScanRow>(knex, 'duplicate_scans', accountId).orderBy('startedAt', 'desc').orderBy('id', 'desc').first();
    },

    async runningScan(accountId: string): Promise<DuplicateScanRow | undefined> {
      return scoped<DuplicateScanRow>(knex, 'duplicate_scans', accountId).where('status', 'running').orderBy('startedAt', 'desc').first();
    },

    async accountsWithContacts(): Promise<string[]> {
      const rows: Pick<ContactRow, 'accountId'>[] = await knex('contacts').distinct('accountId');
      return rows.map((r) => r.accountId);
    },
  };
}

export type DuplicatesRepository = ReturnType<typeof createDuplicatesRepository>;
