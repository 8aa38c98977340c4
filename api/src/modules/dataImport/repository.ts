import type { Knex } from 'knex';
import type { ImportHistorySort, ImportStatus } from '@caucus/contract';
import { insertInBatches } from '../../db/batch';
import { inTransaction } from '../../db/transaction';
import { engineOf } from '../../db/knex';
import type { CampaignRow, ContactRow, DonationRow, ImportChunkRow, ImportEffectRow, ImportRow, ImportSkippedRowRow } from '../../db/rows';
import { toInt } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { newId } from '../../lib/ids';
import { countOf } from '../shared/search';
import { DONATION_FACT_COLUMNS, type DonationFacts } from '../analytics-reports/rollups';

export const ERRORS_PER_IMPORT = 20;

/** A file row as stored: its number in the file and its cells in header order. */
export type StoredRow = { rowNumber: number; cells: unknown[] };
export type PendingChunk = { id: string; rows: StoredRow[] };
/** A skipped row as kept with its import: its number in the file, its cells in header order and why. */
export type SkippedRow = { rowNumber: number; cells: unknown[]; reason: string; source?: 'review' | 'server' };

type SkippedColumns = Pick<ImportSkippedRowRow, 'rowNumber' | 'cells' | 'reason' | 'source'>;
const toSkippedRow = (row: SkippedColumns): SkippedRow => ({
  rowNumber: toInt(row.rowNumber),
  cells: JSON.parse(String(row.cells)) as unknown[],
  reason: row.reason,
  source: row.source === 'review' ? 'review' : 'server',
});

type Db = Knex | Knex.Transaction;
/** COUNT comes back as a number, text or a bigint depending on the engine: read it with countOf. */
type CountRow = { count: unknown };
/** An import as its history card shows it: with its campaign's and creator's names (null without one). */
export type ImportHistoryRow = ImportRow & { campaignName: string | null; creatorFirstName: string | null; creatorLastName: string | null };
/** A gift of the import, as the undo takes it back (kind: its table). */
export type ImportedGift = Pick<DonationRow, 'id' | 'contactId' | 'campaignId'> & { kind: 'donations' | 'pledges' };
/** Columns of imports a write sets (a counter may be a raw increment). */
export type ImportUpdate = { [K in keyof ImportRow]?: ImportRow[K] | Date | Knex.Raw };

const WHERE_IN_CHUNK = 500;
function chunks<T>(items: T[], size = WHERE_IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type NewImport = {
  id: string;
  accountId: string;
  campaignId: string;
  donationAccountId: string | null;
  fileName: string;
  importType: string;
  headers: string[];
  mapping: Record<string, string>;
  createdBy: string | null;
  receiving: boolean;
  fingerprint?: string | null;
  duplicatesIncluded?: 'all' | number[] | null;
};

/** ORDER BY of each history sort; ties are newest first, then by id, so pages never overlap. */
const NEWEST_FIRST = [
  { column: 'imports.createdAt', order: 'desc' as const },
  { column: 'imports.id', order: 'desc' as const },
];

export function createDataImportRepository(knex: Knex) {
  const historyBase = (accountId: string) =>
    scoped(knex, 'imports', accountId)
      .leftJoin('campaigns', function joinCampaign() {
        this.on('campaigns.id', '=', 'imports.campaignId').andOn('campaigns.accountId', '=', 'imports.accountId');
      })
      .leftJoin('users as creator', 'creator.id', 'imports.createdBy')
      .select('imports.*', 'campaigns.name as campaignName', 'creator.firstName as creatorFirstName', 'creator.lastName as creatorLastName');

  return {
    knex,
    /** Retried from the start when MariaDB picks it as a deadlock victim (a batch meets a user's save). */
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },

    async history(
      accountId: string,
      options: { status?: ImportStatus; sort: ImportHistorySort; limit: number; offset: number },
    ): Promise<{ rows: ImportHistoryRow[]; total: number }> {
      const filtered = (query: Knex.QueryBuilder): Knex.QueryBuilder => (options.status ? query.where('imports.status', options.status) : query);
      const page = filtered(historyBase(accountId));
      // Names compare without case on both engines (SQLite's default collation is binary).
      if (options.sort === 'fileName') page.orderByRaw('lower(??) asc', ['imports.fileName']);
      else if (options.sort === 'importType') page.orderBy('imports.importType', 'asc');
      else if (options.sort === 'recordsImported') page.orderBy('imports.recordsImported', 'desc');
      page.orderBy(NEWEST_FIRST);
      const [rows, totalRow]: [ImportHistoryRow[], CountRow | undefined] = await Promise.all([
        page.limit(options.limit).offset(options.offset),
        filtered(scoped(knex, 'imports', accountId))
          .count({ count: '*' })
          .first(),
      ]);
      return { rows, total: countOf(totalRow) };
    },

    /**
     * Fails the imports whose upload stopped: still receiving, with no batch for longer than the
     * timeout (the browser was closed or lost its connection between batches). Retry then imports
     * the rows that arrived; undo takes them back. One account's, or every account's (at start).
     */
    async failStalledUploads(accountId: string | null, cutoff: Date, reason: string): Promise<number> {
      const stalled = (q: Knex.QueryBuilder) =>
        q.where('imports.status', 'processing').where('imports.receiving', true).where('imports.lastRowsAt', '<', cutoff);
      // Found by a plain read, then updated by id: an UPDATE that scanned by status would lock every
      // import in progress (REPEATABLE READ keeps locks on the rows it scans) and wait on their batches.
      const find = stalled(knex('imports').select('imports.id'));
      if (accountId) find.where('imports.accountId', accountId);
      const found: Pick<ImportRow, 'id'>[] = await find;
      const ids = found.map((row) => row.id);
      if (ids.length === 0) return 0;
      return toInt(
        await stalled(knex('imports').whereIn('imports.id', ids)).update({
          status: 'failed',
          receiving: false,
          failureReason: reason,
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: new Date(),
        }),
      );
    },

    /** The account's imports of a file with this content fingerprint that were not undone, newest first. */
    async importsByFingerprint(accountId: string, fingerprint: string): Promise<ImportHistoryRow[]> {
      return historyBase(accountId)
        .where('imports.fingerprint', fingerprint)
        .whereNull('imports.undoneAt')
        .whereNot('imports.status', 'failed')
        .orderBy(NEWEST_FIRST)
        .limit(5);
    },

    async findForHistory(accountId: string, id: string): Promise<ImportHistoryRow | undefined> {
      return historyBase(accountId).where('imports.id', id).first<ImportHistoryRow | undefined>();
    },

    /** The first skipped rows' reasons of each import (by row) and how many rows were skipped in all. */
    async errorsFor(accountId: string, importIds: string[]): Promise<Map<string, { messages: string[]; count: number }>> {
      const result = new Map<string, { messages: string[]; count: number }>();
      if (importIds.length === 0) return result;
      const counts: (Pick<ImportSkippedRowRow, 'importId'> & CountRow)[] = await scoped(knex, 'import_skipped_rows', accountId)
        .whereIn('import_skipped_rows.importId', importIds)
        .groupBy('import_skipped_rows.importId')
        .select('import_skipped_rows.importId as importId')
        .count({ count: '*' });
      await Promise.all(
        counts.map(async (row) => {
          const importId = row.importId;
          const messages = await scoped(knex, 'import_skipped_rows', accountId)
            .where('import_skipped_rows.importId', importId)
            .select<Pick<ImportSkippedRowRow, 'reason' | 'rowNumber'>[]>('reason', 'rowNumber')
            .orderBy('import_skipped_rows.rowNumber', 'asc')
            .limit(ERRORS_PER_IMPORT);
          result.set(importId, { messages: messages.map((m) => `Row ${toInt(m.rowNumber)}: ${m.reason}`), count: countOf(row) });
        }),
      );
      return result;
    },

    async findCampaign(accountId: string, id: string): Promise<{ status: string; donationAccountId: string | null } | undefined> {
      const row = await scoped(knex, 'campaigns', accountId)
        .where('campaigns.id', id)
        .first<Pick<CampaignRow, 'status' | 'donationAccountId'> | undefined>('campaigns.status', 'campaigns.donationAccountId');
      return row ? { status: row.status, donationAccountId: row.donationAccountId || null } : undefined;
    },

    async findDonationAccount(accountId: string, id: string): Promise<{ campaignId: string | null } | undefined> {
      const row = await scoped(knex, 'donation_accounts', accountId)
        .where('donation_accounts.id', id)
        .first<{ campaignId: string | null } | undefined>('donation_accounts.campaignId');
      return row ? { campaignId: row.campaignId || null } : undefined;
    },

    async findImport(db: Db, accountId: string, id: string, lock = false): Promise<ImportRow | undefined> {
      const query = scoped<ImportRow>(db, 'imports', accountId).where('imports.id', id);
      if (lock && engineOf(db) === 'mysql') query.forUpdate();
      return query.first();
    },

    /** The import a job works on, found by id alone (a job carries no session). */
    async findImportForJob(db: Db, id: string, lock = false): Promise<ImportRow | undefined> {
      const query = db<ImportRow>('imports').where('imports.id', id);
      if (lock && engineOf(db) === 'mysql') query.forUpdate();
      return query.first();
    },

    async insertImport(trx: Knex.Transaction, values: NewImport): Promise<void> {
      const now = new Date();
      await trx('imports').insert({
        id: values.id,
        accountId: values.accountId,
        campaignId: values.campaignId,
        donationAccountId: values.donationAccountId,
        fileName: values.fileName,
        importType: values.importType,
        status: 'processing',
        headers: JSON.stringify(values.headers),
        mapping: JSON.stringify(values.mapping),
        recordsTotal: 0,
        recordsImported: 0,
        recordsSkipped: 0,
        receiving: values.receiving,
        fingerprint: values.fingerprint ?? null,
        duplicatesIncluded: values.duplicatesIncluded ? JSON.stringify(values.duplicatesIncluded) : null,
        lastRowsAt: now,
        createdBy: values.createdBy,
        createdAt: now,
        updatedAt: now,
      });
    },

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

    async updateImport(db: Db, id: string, values: ImportUpdate): Promise<void> {
      await db('imports')
        .where('id', id)
        .update({ ...values, updatedAt: new Date() });
    },

    async addCounts(
      db: Db,
      id: string,
      counts: { recordsTotal?: number; recordsImported?: number; recordsSkipped?: number; contactsCreated?: number; contactsUpdated?: number },
    ): Promise<void> {
      const update: ImportUpdate & Record<string, unknown> = { updatedAt: new Date() };
      for (const [column, n] of Object.entries(counts)) if (n) update[column] = db.raw('?? + ?', [column, n]);
      await db('imports').where('id', id).update(update);
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

    /** Imports whose undo was running when the process stopped: the runner enqueues their undo again. */
    async undoingImportIds(): Promise<string[]> {
      return (await knex<ImportRow>('imports').where('undoStatus', 'running').select('id')).map((r) => r.id);
    },

    /** Imports left processing (a restart, a kill): the runner enqueues them again. */
    async processingImportIds(): Promise<string[]> {
      return (await knex<ImportRow>('imports').where('status', 'processing').select('id')).map((r) => r.id);
    },

    /** Marks a chunk worked, with the contacts its batch created (what undo takes back). */
    async markChunkDone(trx: Knex.Transaction, chunkId: string, createdContactIds: string[]): Promise<void> {
      await trx('import_chunks')
        .where('id', chunkId)
        .update({ done: true, createdContacts: JSON.stringify(createdContactIds) });
    },

    /** Skipped rows with their reasons and cells (the report, and what can be fixed): from the review or the server. */
    async insertSkipped(trx: Knex.Transaction, accountId: string, importId: string, rows: SkippedRow[], source: 'review' | 'server'): Promise<void> {
      const now = new Date();
      await insertInBatches(
        trx,
        'import_skipped_rows',
        rows.map((r) => ({
          id: newId(),
          accountId,
          importId,
          rowNumber: r.rowNumber,
          cells: JSON.stringify(r.cells),
          reason: r.reason,
          source,
          createdAt: now,
        })),
      );
    },

    /** Of the given row numbers, those the import already holds as skipped rows. */
    async skippedNumbersAmong(db: Db, importId: string, rowNumbers: number[]): Promise<number[]> {
      const found: number[] = [];
      for (const part of chunks([...new Set(rowNumbers)])) {
        const rows = await db<ImportSkippedRowRow>('import_skipped_rows').where('importId', importId).whereIn('rowNumber', part).select('rowNumber');
        found.push(...rows.map((r) => toInt(r.rowNumber)));
      }
      return found.sort((x, y) => x - y);
    },

    /** A page of the import's skipped rows, in file order, and how many there are. */
    async skippedPage(accountId: string, importId: string, limit: number, offset: number): Promise<{ rows: SkippedRow[]; total: number }> {
      const base = () => scoped(knex, 'import_skipped_rows', accountId).where('import_skipped_rows.importId', importId);
      const [rows, totalRow] = await Promise.all([
        base().orderBy('import_skipped_rows.rowNumber', 'asc').limit(limit).offset(offset).select<SkippedColumns[]>('rowNumber', 'cells', 'reason', 'source'),
        base().count({ count: '*' }).first<CountRow | undefined>(),
      ]);
      return { rows: rows.map(toSkippedRow), total: countOf(totalRow) };
    },

    /** Takes the given skipped rows out of the import (they are being imported again), answering them. */
    async takeSkipped(trx: Knex.Transaction, importId: string, rowNumbers: number[]): Promise<SkippedRow[]> {
      const taken: SkippedRow[] = [];
      for (const part of chunks([...new Set(rowNumbers)])) {
        const query = trx('import_skipped_rows').where('importId', importId).whereIn('rowNumber', part);
        if (engineOf(trx) === 'mysql') query.forUpdate();
        taken.push(...(await query.select<SkippedColumns[]>('rowNumber', 'cells', 'reason', 'source')).map(toSkippedRow));
        await trx('import_skipped_rows').where('importId', importId).whereIn('rowNumber', part).delete();
      }
      return taken;
    },

    async existingTransactionIds(db: Db, accountId: string, ids: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const part of chunks([...new Set(ids)])) {
        const rows = await scoped(db, 'donations', accountId)
          .whereIn('donations.transactionId', part)
          .select<{ transactionId: string }[]>('donations.transactionId as transactionId');
        for (const row of rows) found.add(row.transactionId);
      }
      return found;
    },

    async contactsByIds(db: Db, accountId: string, ids: string[]): Promise<Map<string, ContactRow>> {
      const found = new Map<string, ContactRow>();
      for (const part of chunks([...new Set(ids)])) {
        const rows = await scoped<ContactRow>(db, 'contacts', accountId).whereIn('contacts.id', part).select('contacts.*');
        for (const row of rows) found.set(row.id, row);
      }
      return found;
    },

    /**
     * Locks the contacts (ADR 0002: contacts first, in id order) and answers them as they are now: a
     * locking read sees the latest committed row, whatever the transaction read before. Contacts
     * deleted meanwhile are missing from the answer.
     */
    async lockContacts(trx: Knex.Transaction, accountId: string, ids: string[]): Promise<Map<string, ContactRow>> {
      const found = new Map<string, ContactRow>();
      const mysql = engineOf(trx) === 'mysql';
      for (const part of chunks([...new Set(ids)].sort())) {
        const query = scoped<ContactRow>(trx, 'contacts', accountId).whereIn('contacts.id', part).orderBy('contacts.id').select('contacts.*');
        if (mysql) query.forUpdate();
        for (const row of await query) found.set(row.id, row);
      }
      return found;
    },

    /** Locks campaign rows (after the contacts, in id order) and answers their current amount raised. */
    async lockCampaigns(trx: Knex.Transaction, accountId: string, ids: string[]): Promise<Map<string, number>> {
      const raised = new Map<string, number>();
      if (ids.length === 0) return raised;
      const query = scoped(trx, 'campaigns', accountId)
        .whereIn('campaigns.id', [...new Set(ids)])
        .orderBy('campaigns.id')
        .select<Pick<CampaignRow, 'id' | 'amountRaised'>[]>('campaigns.id', 'campaigns.amountRaised');
      if (engineOf(trx) === 'mysql') query.forUpdate();
      for (const row of await query) raised.set(row.id, Number(row.amountRaised ?? 0));
      return raised;
    },

    /** Of the given contacts, those that already count toward the campaign's contacts reached (a donation or pledge to it). */
    async contactsReached(trx: Knex.Transaction, accountId: string, campaignId: string, ids: string[]): Promise<Set<string>> {
      const reached = new Set<string>();
      for (const part of chunks([...new Set(ids)])) {
        for (const table of ['donations', 'pledges']) {
          const rows: { contactId: string }[] = await scoped(trx, table, accountId)
            .where(`${table}.campaignId`, campaignId)
            .whereIn(`${table}.contactId`, part)
            .distinct(`${table}.contactId as contactId`);
          for (const row of rows) reached.add(row.contactId);
        }
      }
      return reached;
    },

    async insert(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[]): Promise<void> {
      await insertInBatches(trx, table, rows);
    },

    async updateContact(trx: Knex.Transaction, accountId: string, id: string, values: Record<string, unknown>): Promise<void> {
      // By the primary key, named on MariaDB: an UPDATE locks every row it reads, and the planner may
      // read the account's index for `account_id = ? and id = ?`, locking contacts that users' gifts
      // hold while they wait for the account's figures this batch may hold (ledger/figures.ts).
      const contacts = engineOf(trx) === 'mysql' ? trx.raw('?? force index (primary)', ['contacts']) : 'contacts';
      await trx(contacts)
        .where('contacts.accountId', accountId)
        .where('contacts.id', id)
        .update({ ...values, updatedAt: new Date() });
    },

    /** Every skipped row of the import in file order (the report). */
    async skippedRows(accountId: string, importId: string): Promise<SkippedRow[]> {
      const rows = await scoped(knex, 'import_skipped_rows', accountId)
        .where('import_skipped_rows.importId', importId)
        .orderBy('import_skipped_rows.rowNumber', 'asc')
        .select<SkippedColumns[]>('rowNumber', 'cells', 'reason', 'source');
      return rows.map(toSkippedRow);
    },

    // ----- undo

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
      for (const part of chunks(ids)) {
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
      for (const part of chunks(ids)) removed += toInt(await scoped(trx, table, accountId).whereIn(`${table}.id`, part).delete());
      return removed;
    },

    /** Contacts among `ids` that still have donations or pledges (made by someone else since). */
    async contactsWithMoney(trx: Knex.Transaction, accountId: string, ids: string[]): Promise<Set<string>> {
      const kept = new Set<string>();
      for (const part of chunks(ids)) {
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
}

export type DataImportRepository = ReturnType<typeof createDataImportRepository>;
