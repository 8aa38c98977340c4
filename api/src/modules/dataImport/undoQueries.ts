import type { Knex } from 'knex';
import type { DonationRow, ImportChunkRow, ImportEffectRow } from '../../db/rows';
import { toInt } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { countOf } from '../../db/wordSearch';
import { DONATION_FACT_COLUMNS, type DonationFacts } from '../analytics-reports/rollups';
import { inLists, type Db } from './queryParts';

/** A gift of the import, as the undo takes it back (kind: its table). */
export type ImportedGift = Pick<DonationRow, 'id' | 'contactId' | 'campaignId'> & { kind: 'donations' | 'pledges' };

/** What the undo reads and deletes (undo.ts): the import's gifts, the contacts it created and its recorded effects. */
export const undoQueries = {
  async effects(db: Db, importId: string, kind: string): Promise<ImportEffectRow[]> {
    return db<ImportEffectRow>('import_effects').where({ importId, kind }).select('*');
  },

  /** The donations and pledges the import made, still there (the undo's total). */
  async countGifts(db: Db, accountId: string, importId: string): Promise<number> {
    let n = 0;
    for (const table of ['donations', 'pledges'])
      n += countOf(await scoped(db, table, accountId).where(`${table}.importId`, importId).count({ count: '*' }).first());
    return n;
  },

  /** The undo's next batch: up to `limit` of the import's donations, then of its pledges (kind = table). */
  async nextGifts(db: Db, accountId: string, importId: string, limit: number): Promise<ImportedGift[]> {
    for (const table of ['donations', 'pledges'] as const) {
      const rows = await scoped(db, table, accountId)
        .where(`${table}.importId`, importId)
        .orderBy(`${table}.id`)
        .limit(limit)
        .select<Omit<ImportedGift, 'kind'>[]>(`${table}.id`, `${table}.contactId`, `${table}.campaignId`);
      if (rows.length > 0) return rows.map((row) => ({ ...row, kind: table }));
    }
    return [];
  },

  /** Donations by id with what the analytics roll-ups count of them (read under the undo's locks, before it deletes them). */
  async donationFactsByIds(db: Db, accountId: string, ids: string[]): Promise<(DonationFacts & { id: unknown })[]> {
    const found: (DonationFacts & { id: unknown })[] = [];
    for (const part of inLists(ids)) {
      found.push(
        ...((await scoped(db, 'donations', accountId)
          .whereIn('donations.id', part)
          .select('donations.id', ...DONATION_FACT_COLUMNS)) as (DonationFacts & { id: unknown })[]),
      );
    }
    return found;
  },

  async deleteByIds(trx: Knex.Transaction, table: string, accountId: string, ids: string[]): Promise<number> {
    let removed = 0;
    for (const part of inLists(ids)) removed += toInt(await scoped(trx, table, accountId).whereIn(`${table}.id`, part).delete());
    return removed;
  },

  /** Contacts among `ids` that still have donations or pledges (made by someone else since). */
  async contactsWithMoney(trx: Knex.Transaction, accountId: string, ids: string[]): Promise<Set<string>> {
    const kept = new Set<string>();
    for (const part of inLists(ids)) {
      for (const table of ['donations', 'pledges']) {
        const rows: { contactId: string }[] = await scoped(trx, table, accountId)
          .whereIn(`${table}.contactId`, part)
          .distinct(`${table}.contactId as contactId`);
        for (const row of rows) kept.add(row.contactId);
      }
    }
    return kept;
  },

  /** The contacts the import created: listed on its chunks (and, for imports before chunks, as effects). */
  async createdContactIds(db: Db, importId: string): Promise<string[]> {
    const chunks = await db<ImportChunkRow>('import_chunks').where({ importId, done: true }).whereNotNull('createdContacts').select('createdContacts');
    const legacy = await db<ImportEffectRow>('import_effects').where({ importId, kind: 'contact_created' }).select('contactId');
    return [...chunks.flatMap((c) => JSON.parse(String(c.createdContacts)) as string[]), ...legacy.map((e) => String(e.contactId))];
  },

  async allEffects(db: Db, importId: string): Promise<Pick<ImportEffectRow, 'kind' | 'contactId'>[]> {
    return db<ImportEffectRow>('import_effects').where({ importId }).select('kind', 'contactId');
  },

  async deleteEffects(trx: Knex.Transaction, importId: string): Promise<void> {
    await trx('import_effects').where('importId', importId).delete();
  },
};
