import type { Knex } from 'knex';
import { insertInBatches } from '../../db/batch';
import { engineOf } from '../../db/knex';
import type { ImportChunkRow, ImportRow } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { toInt } from '../../db/values';
import { newId } from '../../lib/ids';
import { countOf } from '../../db/wordSearch';
import type { Db } from './queryParts';

/** A file row as stored: its number in the file and its cells in header order. */
export type StoredRow = { rowNumber: number; cells: unknown[] };
export type PendingChunk = { id: string; rows: StoredRow[] };

/**
 * The rows an import stores in chunks and the job that works through them: its lease, its next
 * chunk, what is left, and the imports (and undos) a restart picks up again.
 */
export function createChunkQueries(knex: Knex) {
  return {
    /**
     * Stores rows as arrays of cells in header order (the headers live once, on the import), in
     * chunks of `chunkRows`: one chunk is one batch transaction of the job.
     */
    async insertChunks(trx: Knex.Transaction, accountId: string, importId: string, rows: StoredRow[], chunkRows: number): Promise<void> {
      const chunks: Omit<ImportChunkRow, 'createdContacts'>[] = [];
      for (let from = 0; from < rows.length; from += chunkRows) {
        const part = rows.slice(from, from + chunkRows);
        chunks.push({
          id: newId(),
          accountId,
          importId,
          firstRowNumber: part[0].rowNumber,
          lastRowNumber: part[part.length - 1].rowNumber,
          rowCount: part.length,
          rows: JSON.stringify(part.map((row) => [row.rowNumber, row.cells])),
          done: false,
        });
      }
      // A chunk of a thousand wide rows is a few hundred KB: a few per statement stay far below
      // MariaDB's max_allowed_packet.
      await insertInBatches(trx, 'import_chunks', chunks, 8);
    },

    /** The highest row number stored so far (0 before any). */
    async lastRowNumber(trx: Knex.Transaction, importId: string): Promise<number> {
      const row = await trx('import_chunks').where('importId', importId).max({ max: 'lastRowNumber' }).first<{ max: unknown } | undefined>();
      return toInt(row?.max);
    },

    /**
     * Takes (or renews) the import's lease when it is free, expired or already ours. Exactly one job
     * works an import at a time; a killed worker's lease simply runs out.
     */
    async acquireLease(id: string, owner: string, ttlMs: number): Promise<boolean> {
      const now = new Date();
      const taken = await knex('imports')
        .where('id', id)
        .where('status', 'processing')
        .where((q) => q.whereNull('leaseUntil').orWhere('leaseUntil', '<', now).orWhere('leaseOwner', owner))
        .update({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + ttlMs) });
      return toInt(taken) > 0;
    },

    async releaseLease(id: string, owner: string): Promise<void> {
      await knex('imports').where({ id, leaseOwner: owner }).update({ leaseOwner: null, leaseUntil: null });
    },

    /** The first chunk of the import not done yet, with its rows. */
    async nextChunk(db: Db, importId: string): Promise<PendingChunk | null> {
      const row = await db('import_chunks')
        .where({ importId, done: false })
        .orderBy([{ column: 'firstRowNumber' }, { column: 'id' }])
        .first<Pick<ImportChunkRow, 'id' | 'rows'> | undefined>('id', 'rows');
      if (!row) return null;
      const rows = (JSON.parse(row.rows) as [number, unknown[]][]).map(([rowNumber, cells]) => ({ rowNumber, cells }));
      return { id: row.id, rows };
    },

    /**
     * Splits the import's next pending chunk into two of half its rows each, in file order, when it
     * holds more than `floorRows` rows: a batch that keeps losing lock contests against users saving
     * at the same moment is tried again smaller (a shorter transaction, fewer locks). Only the lease
     * holder may split, checked under the import's row lock, which every batch transaction takes
     * before it reads its chunk: no batch of another worker can be working the chunk meanwhile.
     * Answers whether it split.
     */
    async splitNextChunk(importId: string, leaseOwner: string, floorRows: number): Promise<boolean> {
      return inTransaction(knex, async (trx) => {
        const ownerQuery = trx('imports').where('imports.id', importId);
        if (engineOf(trx) === 'mysql') ownerQuery.forUpdate();
        const owner = await ownerQuery.first<Pick<ImportRow, 'status' | 'leaseOwner'> | undefined>('status', 'leaseOwner');
        if (!owner || owner.status !== 'processing' || owner.leaseOwner !== leaseOwner) return false;
        const chunk = await trx('import_chunks')
          .where({ importId, done: false })
          .orderBy([{ column: 'firstRowNumber' }, { column: 'id' }])
          .first<Pick<ImportChunkRow, 'id' | 'accountId' | 'rows'> | undefined>('id', 'accountId', 'rows');
        if (!chunk) return false;
        const rows = JSON.parse(chunk.rows) as [number, unknown[]][];
        if (rows.length <= floorRows) return false;
        const first = rows.slice(0, Math.ceil(rows.length / 2));
        const second = rows.slice(first.length);
        await trx('import_chunks')
          .where('id', chunk.id)
          .update({ rows: JSON.stringify(first), lastRowNumber: first[first.length - 1][0], rowCount: first.length });
        await trx('import_chunks').insert({
          id: newId(),
          accountId: chunk.accountId,
          importId,
          firstRowNumber: second[0][0],
          lastRowNumber: second[second.length - 1][0],
          rowCount: second.length,
          rows: JSON.stringify(second),
          done: false,
        });
        return true;
      });
    },

    async countPending(db: Db, importId: string): Promise<number> {
      return countOf(await db('import_chunks').where({ importId, done: false }).count({ count: '*' }).first());
    },

    /** Marks a chunk worked, with the contacts its batch created (what undo takes back). */
    async markChunkDone(trx: Knex.Transaction, chunkId: string, createdContactIds: string[]): Promise<void> {
      await trx('import_chunks')
        .where('id', chunkId)
        .update({ done: true, createdContacts: JSON.stringify(createdContactIds) });
    },

    /** Imports whose undo was running when the process stopped: the runner enqueues their undo again. */
    async undoingImportIds(): Promise<string[]> {
      return (await knex<ImportRow>('imports').where('undoStatus', 'running').select('id')).map((r) => r.id);
    },

    /** Imports left processing (a restart, a kill): the runner enqueues them again. */
    async processingImportIds(): Promise<string[]> {
      return (await knex<ImportRow>('imports').where('status', 'processing').select('id')).map((r) => r.id);
    },
  };
}
