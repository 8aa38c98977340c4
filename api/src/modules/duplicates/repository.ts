import type { Knex } from 'knex';
import { insertInBatches } from '../../db/batch';
import { toInt } from '../../db/values';
import { scoped } from '../../http/tenancy';
import type { ScanContact } from './scan';

type Row = Record<string, unknown>;
const CHUNK = 500;

export const SCAN_FIELDS = ['id', 'firstName', 'lastName', 'primaryEmail', 'primaryPhone', 'addressLine1', 'zipCode'] as const;
export const SUMMARY_FIELDS = [...SCAN_FIELDS, 'city', 'state', 'totalDonated', 'donationCount', 'updatedAt'] as const;

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
      return (await scoped(knex, 'contacts', accountId)
        .where('contacts.id', '>', afterId)
        .whereNull('contacts.mergedIntoId')
        .orderBy('contacts.id')
        .limit(limit)
        .select(SCAN_FIELDS.map((f) => `contacts.${f}`))) as ScanContact[];
    },

    async storedPairs(accountId: string): Promise<Row[]> {
      return (await scoped(knex, 'contact_duplicates', accountId).select('id', 'firstContactId', 'secondContactId', 'status', 'score', 'reasons')) as Row[];
    },

    async insertPairs(db: Knex | Knex.Transaction, rows: Row[]): Promise<void> {
      if (rows.length > 0) await insertInBatches(db, 'contact_duplicates', rows, CHUNK);
    },

    async updatePair(db: Knex | Knex.Transaction, id: string, values: Row): Promise<void> {
      await db('contact_duplicates').where('id', id).update(values);
    },

    async deletePairs(db: Knex | Knex.Transaction, accountId: string, ids: string[]): Promise<void> {
      for (let i = 0; i < ids.length; i += CHUNK)
        await scoped(db, 'contact_duplicates', accountId)
          .whereIn('id', ids.slice(i, i + CHUNK))
          .delete();
    },

    async openPage(accountId: string, limit: number, offset: number): Promise<{ rows: Row[]; total: number }> {
      const base = () => scoped(knex, 'contact_duplicates', accountId).where('contact_duplicates.status', 'open');
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
      return { rows: rows as Row[], total: toInt(total?.n) };
    },

    async contactsByIds(accountId: string, ids: string[]): Promise<Map<string, Row>> {
      const out = new Map<string, Row>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = (await scoped(knex, 'contacts', accountId)
          .whereIn('contacts.id', ids.slice(i, i + CHUNK))
          .select(SUMMARY_FIELDS.map((f) => `contacts.${f}`))) as Row[];
        for (const row of rows) out.set(String(row.id), row);
      }
      return out;
    },

    async findPair(db: Knex | Knex.Transaction, accountId: string, id: string, forUpdate = false): Promise<Row | undefined> {
      const query = scoped(db, 'contact_duplicates', accountId).where('contact_duplicates.id', id);
      if (forUpdate) query.forUpdate();
      return (await query.first()) as Row | undefined;
    },

    async insertScan(row: Row): Promise<void> {
      await knex('duplicate_scans').insert(row);
    },

    async updateScan(id: string, values: Row): Promise<void> {
      await knex('duplicate_scans').where('id', id).update(values);
    },

    async findScan(id: string): Promise<Row | undefined> {
      return (await knex('duplicate_scans').where('id', id).first()) as Row | undefined;
    },

    async latestScan(accountId: string): Promise<Row | undefined> {
      return (await scoped(knex, 'duplicate_scans', accountId).orderBy('startedAt', 'desc').orderBy('id', 'desc').first()) as Row | undefined;
    },

    async runningScan(accountId: string): Promise<Row | undefined> {
      return (await scoped(knex, 'duplicate_scans', accountId).where('status', 'running').orderBy('startedAt', 'desc').first()) as Row | undefined;
    },

    async accountsWithContacts(): Promise<string[]> {
      return ((await knex('contacts').distinct('accountId')) as Row[]).map((r) => String(r.accountId));
    },
  };
}

export type DuplicatesRepository = ReturnType<typeof createDuplicatesRepository>;
