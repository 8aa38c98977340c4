import { hostname } from 'node:os';
import type { Knex } from 'knex';
import { isRetryableLockError } from '../../db/transaction';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  CSV_BYTE_ORDER_MARK,
  csvLine,
  IMPORT_STARTED_MESSAGE,
  type ImportHistoryRecord,
  DEFAULT_IMPORT_HISTORY_SORT,
  type importHistoryQuerySchema,
  type ImportHistoryResponse,
  type importRequestSchema,
  type importRowsRequestSchema,
  type importFixSkippedRequestSchema,
  type importSkippedQuerySchema,
  type ImportSkippedResponse,
  type ImportStartResponse,
  type ImportUndoResponse,
  type ImportUndoResult,
  type ImportDuplicatesResponse,
  type ImportFingerprintResponse,
  type importDuplicatesRequestSchema,
} from '../../contract';
import { toBool, toInt, toIsoDateTime, toJsonArray } from '../../db/values';
import { engineOf } from '../../db/knex';
import { BadRequest, Conflict, HttpError, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { newId } from '../../lib/ids';
import { recordAudit } from '../../lib/audit';
import { removeGifts, SYSTEM, type GiftRef, type LedgerActor } from '../ledger';
import { leaveListsOf, syncSmartListsOf } from '../contactLists';
import type { JobOutcome, JobQueue } from '../../jobs/types';
import { importedBeforeMessage, previewDuplicateGifts, toFingerprintMatch, withIncluded, workspaceTimeZone } from './duplicates';
import { createImportPipeline } from './pipeline';
import type { DataImportRepository, SkippedRow, StoredRow } from './repository';

type Row = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export const IMPORT_NOT_FOUND = 'Import not found';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const DONATION_ACCOUNT_NOT_FOUND = 'Donation account not found';
/** A new account's first campaign is a draft: any campaign but an archived one takes an import. */
export const CAMPAIGN_ARCHIVED = 'An archived campaign cannot receive an import';
export const DONATION_ACCOUNT_NOT_OF_CAMPAIGN = 'This donation account does not belong to the selected campaign';
export const UNDONE_IMPORT_NOT_RETRIED = 'This import was undone; start a new import instead of retrying it';
export const ONLY_FAILED_RETRIED = 'Only a failed import can be retried';
export const ONLY_PROCESSING_CANCELLED = 'Only an import in progress can be canceled';
export const FAILED_IMPORT_NOT_FIXED = 'This import failed: retry it first, then import its fixed rows';
export const ALREADY_UNDONE = 'This import was already undone';
export const UNDO_RUNNING = 'This import is being undone: its progress shows in Import History';
export const UNDONE_IMPORT_NOT_FIXED = 'This import was undone; start a new import instead';
export const notSkippedRowMessage = (rowNumbers: number[]) => `Not a skipped row of this import: row ${rowNumbers.slice(0, 5).join(', ')}`;
export const rowsAlreadySentMessage = (rowNumbers: number[]) => `Rows already sent: ${rowNumbers.slice(0, 5).join(', ')}`;
/** The failure reasons users see (history cards): what happened and what to do, never a query. */
export const UPLOAD_INTERRUPTED = 'Upload interrupted: the rest of the file did not arrive. Retry imports the rows that did; Undo takes them back.';
export const IMPORT_CANCELLED = 'Import canceled. Retry continues from the first row not done; Undo takes back what was imported.';
export const IMPORT_STOPPED = 'Import stopped: a batch could not be saved. Retry continues from the first row not done.';
/** How many times in a row a batch that lost lock contests is tried again before the import fails. */
const CONTENDED_BATCH_RETRIES = 8;
/** Per import, the batch's lost lock contests in a row (this worker's; another worker starts over). */
const contendedBatches = new Map<string, number>();

export const IMPORT_STOPPED_DATABASE = 'Import stopped: the database could not be reached. Retry continues from the first row not done.';

const DATABASE_UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'PROTOCOL_CONNECTION_LOST', 'ER_CON_COUNT_ERROR']);

/**
 * What a user is told when a batch could not be written. A driver's message carries the failing SQL
 * with its bound values (other people's names, emails, notes): it goes to the log, sanitised, and
 * never into the import's record. The app's own errors (a total past its column) say what is wrong.
 */
export function importFailureReason(err: unknown): string {
  if (err instanceof HttpError) return `Import stopped: ${err.message}`;
  const { name, code } = (err ?? {}) as { name?: unknown; code?: unknown };
  if (name === 'KnexTimeoutError' || (typeof code === 'string' && DATABASE_UNREACHABLE_CODES.has(code))) return IMPORT_STOPPED_DATABASE;
  return IMPORT_STOPPED;
}

export function toImportRecord(row: Row, errors: { messages: string[]; count: number } | undefined): ImportHistoryRecord {
  const failure = str(row.failureReason);
  const messages = errors?.messages ?? [];
  const total = toInt(row.recordsTotal);
  const done = toInt(row.recordsImported) + toInt(row.recordsSkipped);
  return {
    id: String(row.id),
    fileName: String(row.fileName),
    importType: String(row.importType) as ImportHistoryRecord['importType'],
    status: String(row.status) as ImportHistoryRecord['status'],
    campaignId: str(row.campaignId),
    campaignName: str(row.campaignName),
    recordsTotal: total,
    recordsImported: toInt(row.recordsImported),
    recordsSkipped: toInt(row.recordsSkipped),
    contactsCreated: toInt(row.contactsCreated),
    contactsUpdated: toInt(row.contactsUpdated),
    progress: total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0,
    receiving: toBool(row.receiving),
    // A whole-import failure reads first: it explains why the counts stopped.
    errors: failure ? [failure, ...messages] : messages,
    errorCount: (errors?.count ?? 0) + (failure ? 1 : 0),
    createdAt: toIsoDateTime(row.createdAt as Date | null),
    completedAt: toIsoDateTime(row.finishedAt as Date | null),
    undoneAt: toIsoDateTime(row.undoneAt as Date | null),
    undo: undoOf(row),
    createdBy:
      row.creatorFirstName !== null && row.creatorFirstName !== undefined
        ? { firstName: String(row.creatorFirstName), lastName: String(row.creatorLastName ?? '') }
        : null,
  };
}

type UndoResult = { removed: ImportUndoResult['removed']; restoredContacts: number };
const EMPTY_UNDO_RESULT: UndoResult = { removed: { donations: 0, pledges: 0, notes: 0, contacts: 0, associations: 0 }, restoredContacts: 0 };

/** What an undo did so far (undo_result), as the history shows it. */
function undoOf(row: Row): ImportHistoryRecord['undo'] {
  const status = str(row.undoStatus);
  if (status !== 'running' && status !== 'failed' && status !== 'done') return null;
  let result: UndoResult = EMPTY_UNDO_RESULT;
  try {
    result = { ...EMPTY_UNDO_RESULT, ...(JSON.parse(String(row.undoResult ?? '{}')) as Partial<UndoResult>) };
  } catch {
    // A result that cannot be read shows as nothing removed yet; the counts still say how far it is.
  }
  return { status, done: toInt(row.undoDone), total: toInt(row.undoTotal), removed: { ...EMPTY_UNDO_RESULT.removed, ...result.removed }, restoredContacts: toInt(result.restoredContacts) };
}

export type ImportTuning = {
  /** Rows per batch transaction. */
  batchSize: number;
  /** How long a job owns an import before another may take it over (a killed worker's lease runs out). */
  leaseMs: number;
  /** An import still receiving whose last batch of rows is older than this is failed as interrupted. */
  uploadTimeoutMs?: number;
};

/** Generous: a 200,000-row batch over a slow uplink takes minutes, and the wizard sends the next at once. */
export const DEFAULT_UPLOAD_TIMEOUT_MS = 15 * 60_000;
export const DEFAULT_IMPORT_TUNING: ImportTuning = { batchSize: 1000, leaseMs: 30_000 };

export function createDataImportService(
  repo: DataImportRepository,
  jobs: JobQueue | null,
  tuning: ImportTuning = DEFAULT_IMPORT_TUNING,
  /** After an import completes: its contacts may repeat others (the duplicate scan runs). */
  importCompleted?: (accountId: string) => Promise<void>,
) {
  const pipeline = createImportPipeline(repo);
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  /** Fails uploads that went quiet (the browser closed mid-file): checked whenever imports are read or resumed. */
  async function failStalledUploads(accountId: string | null): Promise<void> {
    const cutoff = new Date(Date.now() - (tuning.uploadTimeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS));
    await repo.failStalledUploads(accountId, cutoff, UPLOAD_INTERRUPTED);
  }

  async function record(accountId: string, id: string): Promise<ImportHistoryRecord> {
    const row = await repo.findForHistory(accountId, id);
    if (!row) throw new NotFound(IMPORT_NOT_FOUND);
    const errors = await repo.errorsFor(accountId, [id]);
    return toImportRecord(row, errors.get(id));
  }

  async function enqueue(importId: string): Promise<void> {
    if (jobs) await jobs.enqueue('import', { importId });
  }

  /** The rows in file order (the job works them in that order), each with its number in the file. */
  function rowsToStore(headers: string[], rows: Record<string, unknown>[], rowNumbers: number[] | undefined, firstRowNumber: number): StoredRow[] {
    const stored = rows.map((row, i) => ({
      rowNumber: rowNumbers ? rowNumbers[i] : firstRowNumber + i,
      cells: headers.map((header) => (row[header] === undefined ? null : row[header])),
    }));
    return rowNumbers ? stored.sort((x, y) => x.rowNumber - y.rowNumber) : stored;
  }

  /** Rows the review skipped, as the import keeps them: cells in header order, with the review's reason. */
  function skippedToStore(headers: string[], rows: { rowNumber: number; row: Record<string, unknown>; reason: string }[]): SkippedRow[] {
    return rows.map(({ rowNumber, row, reason }) => ({ rowNumber, reason, cells: headers.map((header) => (row[header] === undefined ? null : row[header])) }));
  }

  /** Kept and skipped rows of a request: no row number twice. */
  function assertUniqueRowNumbers(rowNumbers: number[] | undefined, skipped: { rowNumber: number }[] = []): void {
    const all = [...(rowNumbers ?? []), ...skipped.map((r) => r.rowNumber)];
    if (new Set(all).size !== all.length) throw new BadRequest('Row numbers must not repeat', { rowNumbers: 'Row numbers must not repeat' });
  }

  /** A row keyed by the import's headers, from its cells in header order (what the fix table edits). */
  function keyedCells(headers: string[], cells: unknown[]): Record<string, string> {
    const keyed: Record<string, string> = {};
    headers.forEach((header, i) => {
      const value = cells[i];
      keyed[header] = value === null || value === undefined ? '' : String(value);
    });
    return keyed;
  }

  const service = {
    workerId,

    async history(accountId: string, query: z.output<typeof importHistoryQuerySchema>): Promise<ImportHistoryResponse> {
      await failStalledUploads(accountId);
      const { rows, total } = await repo.history(accountId, { status: query.status, sort: query.sort ?? DEFAULT_IMPORT_HISTORY_SORT, limit: query.limit, offset: (query.page - 1) * query.limit });
      const errors = await repo.errorsFor(
        accountId,
        rows.map((row) => String(row.id)),
      );
      return {
        imports: rows.map((row) => toImportRecord(row, errors.get(String(row.id)))),
        total,
        page: query.page,
        limit: query.limit,
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
      };
    },

    /** The standing imports of the same content (GET /api/data-import/fingerprint), with the sentence the wizard shows. */
    async byFingerprint(accountId: string, fingerprint: string): Promise<ImportFingerprintResponse & { message: string | null }> {
      const rows = await repo.importsByFingerprint(accountId, fingerprint);
      const message = rows[0] ? importedBeforeMessage(rows[0], await workspaceTimeZone(repo.knex, accountId)) : null;
      return { imports: rows.map(toFingerprintMatch), message };
    },

    /** The review's possible duplicate gifts (POST /api/data-import/duplicates). */
    async duplicates(accountId: string, input: z.output<typeof importDuplicatesRequestSchema>): Promise<ImportDuplicatesResponse> {
      return { duplicates: await previewDuplicateGifts(repo.knex, accountId, input) };
    },

    async get(accountId: string, id: string): Promise<ImportHistoryRecord> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      await failStalledUploads(accountId);
      return record(accountId, id);
    },

    /** Records the import and its rows; the job runner does the rest. */
    async start(accountId: string, userId: string | null, input: z.output<typeof importRequestSchema>): Promise<ImportStartResponse> {
      // Step 1 of the wizard, checked again: this account's campaign (not archived), and a donation account of
      // that campaign (named by it, or naming it: the list GET /api/campaigns/donation-accounts offers).
      assertIdOr404(input.campaignId, CAMPAIGN_NOT_FOUND);
      const campaign = await repo.findCampaign(accountId, input.campaignId);
      if (!campaign) throw new NotFound(CAMPAIGN_NOT_FOUND);
      if (campaign.status === 'archived') throw new BadRequest(CAMPAIGN_ARCHIVED, { campaignId: CAMPAIGN_ARCHIVED });
      if (input.donationAccountId) {
        assertIdOr404(input.donationAccountId, DONATION_ACCOUNT_NOT_FOUND);
        const donationAccount = await repo.findDonationAccount(accountId, input.donationAccountId);
        if (!donationAccount) throw new NotFound(DONATION_ACCOUNT_NOT_FOUND);
        if (donationAccount.campaignId !== input.campaignId && campaign.donationAccountId !== input.donationAccountId) {
          throw new BadRequest(DONATION_ACCOUNT_NOT_OF_CAMPAIGN, { donationAccountId: DONATION_ACCOUNT_NOT_OF_CAMPAIGN });
        }
      }
      assertUniqueRowNumbers(input.rowNumbers, input.skippedRows);
      // The same content imported before is refused until the user confirms 'Import anyway'.
      if (input.fingerprint && !input.importAnyway) {
        const [before] = await repo.importsByFingerprint(accountId, input.fingerprint);
        if (before) throw new Conflict(importedBeforeMessage(before, await workspaceTimeZone(repo.knex, accountId)), { importAnyway: 'Confirm Import anyway to import this file again' });
      }
      const mapping = Object.fromEntries(Object.entries(input.mapping).filter(([, target]) => target));
      const id = newId();
      const rows = rowsToStore(input.headers, input.rows, input.rowNumbers, 1);
      const skipped = skippedToStore(input.headers, input.skippedRows);
      await repo.transaction(async (trx) => {
        await repo.insertImport(trx, {
          id,
          accountId,
          campaignId: input.campaignId,
          donationAccountId: input.donationAccountId,
          fileName: input.fileName,
          importType: input.importType,
          headers: input.headers,
          mapping,
          createdBy: userId,
          receiving: input.hasMore,
          fingerprint: input.fingerprint ?? null,
          duplicatesIncluded: input.includeDuplicates ?? null,
        });
        await repo.insertChunks(trx, accountId, id, rows, tuning.batchSize);
        await repo.insertSkipped(trx, accountId, id, skipped, 'review');
        await repo.addCounts(trx, id, { recordsTotal: rows.length + skipped.length, recordsSkipped: skipped.length });
      });
      await enqueue(id);
      return { message: IMPORT_STARTED_MESSAGE, importId: id, recordsToProcess: rows.length };
    },

    /** A further batch of a big file's rows (the import was started with hasMore). */
    async appendRows(accountId: string, id: string, input: z.output<typeof importRowsRequestSchema>): Promise<ImportStartResponse> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      assertUniqueRowNumbers(input.rowNumbers, input.skippedRows);
      // A batch after the upload timed out finds the import failed as interrupted: the client must not
      // go on filling an import the user was told had stopped.
      await failStalledUploads(accountId);
      const count = await repo.transaction(async (trx) => {
        const row = await repo.findImport(trx, accountId, id, true);
        if (!row) throw new NotFound(IMPORT_NOT_FOUND);
        if (!toBool(row.receiving) || String(row.status) === 'failed') throw new Conflict('This import is not receiving rows');
        const last = await repo.lastRowNumber(trx, id);
        const headers = toJsonArray<string>(row.headers);
        const rows = rowsToStore(headers, input.rows, input.rowNumbers, last + 1);
        const skipped = skippedToStore(headers, input.skippedRows);
        // The file goes up in order: a row numbered at or below the last one stored was sent already
        // (a request repeated after a lost answer), and storing it again would import it twice.
        const taken = rows.filter((r) => r.rowNumber <= last).map((r) => r.rowNumber);
        taken.push(...(await repo.skippedNumbersAmong(trx, id, [...rows.map((r) => r.rowNumber), ...skipped.map((r) => r.rowNumber)])));
        if (taken.length > 0) throw new Conflict(rowsAlreadySentMessage([...new Set(taken)].sort((x, y) => x - y)));
        if (rows.length > 0) await repo.insertChunks(trx, accountId, id, rows, tuning.batchSize);
        await repo.insertSkipped(trx, accountId, id, skipped, 'review');
        await repo.addCounts(trx, id, { recordsTotal: rows.length + skipped.length, recordsSkipped: skipped.length });
        const included = input.includeDuplicates ? { duplicatesIncluded: withIncluded(row, input.includeDuplicates) } : {};
        await repo.updateImport(trx, id, input.hasMore ? { ...included, lastRowsAt: new Date() } : { ...included, lastRowsAt: new Date(), receiving: false });
        return rows.length;
      });
      await enqueue(id);
      return { message: IMPORT_STARTED_MESSAGE, importId: id, recordsToProcess: count };
    },

    /** The import's skipped rows, a page at a time in file order, keyed by its headers (the fix table). */
    async skipped(accountId: string, id: string, query: z.output<typeof importSkippedQuerySchema>): Promise<ImportSkippedResponse> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      const row = await repo.findImport(repo.knex, accountId, id);
      if (!row) throw new NotFound(IMPORT_NOT_FOUND);
      const headers = toJsonArray<string>(row.headers);
      const { rows, total } = await repo.skippedPage(accountId, id, query.limit, (query.page - 1) * query.limit);
      return {
        headers,
        mapping: JSON.parse(String(row.mapping ?? '{}')) as Record<string, string>,
        rows: rows.map((r) => ({ rowNumber: r.rowNumber, cells: keyedCells(headers, r.cells), reason: r.reason, source: r.source ?? 'server' })),
        total,
        page: query.page,
        limit: query.limit,
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
      };
    },

    /**
     * Skipped rows, corrected, imported into the same import: they leave the skipped rows, go to a
     * chunk of their own with their numbers in the file, and the job works them like any other row
     * (checked again; a row still wrong is skipped again with its reason). The import's history,
     * report and undo cover them because they are its rows.
     */
    async fixSkipped(accountId: string, id: string, input: z.output<typeof importFixSkippedRequestSchema>): Promise<ImportHistoryRecord> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      await repo.transaction(async (trx) => {
        const row = await repo.findImport(trx, accountId, id, true);
        if (!row) throw new NotFound(IMPORT_NOT_FOUND);
        if (row.undoneAt || row.undoStatus) throw new Conflict(UNDONE_IMPORT_NOT_FIXED);
        // A completed import, or one still working (the fixes of a big table go up in several
        // requests, and each sets the import working again); a failed one is retried first.
        if (String(row.status) === 'failed') throw new Conflict(FAILED_IMPORT_NOT_FIXED);
        const wanted = input.rows.map((r) => r.rowNumber);
        const taken = await repo.takeSkipped(trx, id, wanted);
        const found = new Set(taken.map((r) => r.rowNumber));
        const missing = wanted.filter((n) => !found.has(n)).sort((x, y) => x - y);
        if (missing.length > 0) throw new BadRequest(notSkippedRowMessage(missing), { rows: notSkippedRowMessage(missing) });
        const headers = toJsonArray<string>(row.headers);
        const rows = rowsToStore(
          headers,
          input.rows.map((r) => r.row),
          input.rows.map((r) => r.rowNumber),
          1,
        );
        await repo.insertChunks(trx, accountId, id, rows, tuning.batchSize);
        await repo.addCounts(trx, id, { recordsSkipped: -rows.length });
        // A skipped duplicate that the user sends again is one they chose to import.
        await repo.updateImport(trx, id, { status: 'processing', finishedAt: null, failureReason: null, leaseOwner: null, leaseUntil: null, duplicatesIncluded: withIncluded(row, wanted) });
      });
      await enqueue(id);
      return record(accountId, id);
    },

    /**
     * The job: takes the import's lease and works through its pending rows batch by batch. Safe to
     * run any number of times, concurrently or after a crash.
     */
    async runImportJob(importId: string): Promise<JobOutcome> {
      for (;;) {
        // Let requests in between batches: on the embedded SQLite driver every query is synchronous,
        // so without a turn of the event loop an import in the API process would hold up every
        // other request until its last batch.
        await new Promise((resolve) => setImmediate(resolve));
        if (!(await repo.acquireLease(importId, workerId, tuning.leaseMs))) {
          const row = await repo.findImportForJob(repo.knex, importId);
          if (!row || String(row.status) !== 'processing') return;
          // Someone else holds it (or held it and died): look again when the lease runs out.
          const until = row.leaseUntil ? new Date(row.leaseUntil as Date).getTime() : Date.now();
          return { retryAfterMs: Math.max(50, until - Date.now() + 50) };
        }
        let finished: { accountId: string } | null = null;
        try {
          finished = await repo.transaction(async (trx) => {
            const row = await repo.findImportForJob(trx, importId, true);
            if (!row || String(row.status) !== 'processing' || row.leaseOwner !== workerId) return null;
            const result = await pipeline.processBatch(trx, row);
            if (result.processed > 0) return null;
            if (toBool(row.receiving)) return { accountId: '' };
            await repo.updateImport(trx, importId, { status: 'completed', finishedAt: new Date(), leaseOwner: null, leaseUntil: null });
            return { accountId: String(row.accountId) };
          });
        } catch (err) {
          // A batch that kept losing lock contests (deadlocks, lock waits, Galera certification
          // conflicts) against users saving at the same moment is work to redo, not a failed import:
          // the job comes back to it a little later, a bounded number of times in a row.
          if (isRetryableLockError(err) && (contendedBatches.get(importId) ?? 0) < CONTENDED_BATCH_RETRIES) {
            const tries = (contendedBatches.get(importId) ?? 0) + 1;
            contendedBatches.set(importId, tries);
            await repo.releaseLease(importId, workerId);
            return { retryAfterMs: Math.min(5_000, 100 * 2 ** tries) };
          }
          contendedBatches.delete(importId);
          // A batch that cannot be written (not a row's data: those are skipped with a reason) stops
          // the import as failed; Retry continues from the first row not done. The error itself goes
          // to the job runner's log, sanitised there.
          await repo.updateImport(repo.knex, importId, {
            status: 'failed',
            failureReason: importFailureReason(err),
            leaseOwner: null,
            leaseUntil: null,
          });
          throw err;
        }
        contendedBatches.delete(importId);
        if (finished) {
          if (finished.accountId === '') {
            // Waiting for the file's next batch: its request enqueues the job again.
            await repo.releaseLease(importId, workerId);
            if ((await repo.countPending(repo.knex, importId)) > 0) continue;
          } else await importCompleted?.(finished.accountId);
          return;
        }
      }
    },

    /** Imports left processing by a stop or a crash: queue them again (idempotent). */
    async resumeUnfinished(): Promise<number> {
      await failStalledUploads(null);
      const ids = await repo.processingImportIds();
      for (const id of ids) await enqueue(id);
      const undoing = await repo.undoingImportIds();
      if (jobs) for (const id of undoing) await jobs.enqueue('import-undo', { importId: id });
      return ids.length + undoing.length;
    },

    async retry(accountId: string, id: string): Promise<ImportHistoryRecord> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      await repo.transaction(async (trx) => {
        const row = await repo.findImport(trx, accountId, id, true);
        if (!row) throw new NotFound(IMPORT_NOT_FOUND);
        // Undo took back what the import did; continuing it would bring back only its later rows.
        if (row.undoneAt || row.undoStatus) throw new Conflict(UNDONE_IMPORT_NOT_RETRIED);
        if (String(row.status) !== 'failed') throw new Conflict(ONLY_FAILED_RETRIED);
        // An interrupted upload is retried with what arrived: no more rows are coming.
        await repo.updateImport(trx, id, { status: 'processing', receiving: false, failureReason: null, finishedAt: null, leaseOwner: null, leaseUntil: null });
      });
      await enqueue(id);
      return record(accountId, id);
    },

    /**
     * Stops an import in progress: the wizard calls it when a batch of a big file could not be sent
     * (the import would otherwise wait for rows that never come), and a user may stop a running
     * import. The batch being written finishes first (it holds the import's row); the import is then
     * failed with its reason, so Retry continues it and Undo takes it back.
     */
    async cancel(accountId: string, id: string): Promise<ImportHistoryRecord> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      await repo.transaction(async (trx) => {
        const row = await repo.findImport(trx, accountId, id, true);
        if (!row) throw new NotFound(IMPORT_NOT_FOUND);
        if (String(row.status) !== 'processing') throw new Conflict(ONLY_PROCESSING_CANCELLED);
        await repo.updateImport(trx, id, {
          status: 'failed',
          failureReason: toBool(row.receiving) ? UPLOAD_INTERRUPTED : IMPORT_CANCELLED,
          receiving: false,
          leaseOwner: null,
          leaseUntil: null,
        });
      });
      return record(accountId, id);
    },

    async report(accountId: string, id: string): Promise<{ fileName: string; csv: string }> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      const row = await repo.findImport(repo.knex, accountId, id);
      if (!row) throw new NotFound(IMPORT_NOT_FOUND);
      const headers = toJsonArray<string>(row.headers);
      // Every skipped row, the review's (never sent to be imported) and the server's, in file order;
      // the cells are the uploaded file's own text, escaped by the product's one spreadsheet rule.
      const lines = [csvLine(['Row', ...headers, 'Reason'])];
      for (const skipped of await repo.skippedRows(accountId, id)) {
        lines.push(csvLine([skipped.rowNumber, ...headers.map((_, i) => skipped.cells[i]), skipped.reason]));
      }
      const base = String(row.fileName).replace(/\.[^.]+$/, '');
      return { fileName: `${base}-skipped-rows.csv`, csv: CSV_BYTE_ORDER_MARK + lines.join('') };
    },

    /**
     * Takes back what the import did: its donations, pledges, notes and associations, the contacts it
     * made (unless someone has since recorded money on them), the empty fields it filled (where they
     * still hold the imported value) and the tags it added; every total is recomputed. Runs as a job
     * (runUndoJob), a batch of gifts at a time, with its progress on the import: a big import takes
     * a minute or more to undo, and the user may leave the page. An undo that stopped continues.
     */
    async undo(accountId: string, id: string, actor: LedgerActor = SYSTEM): Promise<ImportUndoResponse> {
      assertIdOr404(id, IMPORT_NOT_FOUND);
      await repo.transaction(async (trx) => {
        const row = await repo.findImport(trx, accountId, id, true);
        if (!row) throw new NotFound(IMPORT_NOT_FOUND);
        if (row.undoneAt) throw new Conflict(ALREADY_UNDONE);
        if (String(row.status) === 'processing') throw new Conflict('Wait for the import to finish before undoing it');
        if (row.undoStatus === 'running') throw new Conflict(UNDO_RUNNING);
        // An undo that failed continues where it stopped, with what it had removed so far.
        const continuing = row.undoStatus === 'failed';
        const total = continuing ? toInt(row.undoTotal) : await repo.countGifts(trx, accountId, id);
        await repo.updateImport(trx, id, {
          undoStatus: 'running',
          undoTotal: total,
          undoDone: continuing ? toInt(row.undoDone) : 0,
          undoResult: continuing && row.undoResult ? row.undoResult : JSON.stringify(EMPTY_UNDO_RESULT),
        });
        // Who asked: the undo job's removals are theirs (undoActor reads it back).
        await recordAudit(trx, { accountId, actor, entityType: 'import', entityId: id, action: 'undo', before: null, after: { continuing } });
      });
      if (jobs) await jobs.enqueue('import-undo', { importId: id });
      else await service.runUndoJob(id);
      return { import: await record(accountId, id) };
    },

    /**
     * The undo job: the import's donations and pledges a batch at a time (each batch one transaction,
     * locking like every money write, ADR 0002: contacts in id order, then campaigns; totals and
     * roll-ups recomputed for what it removed), then the rest in one last transaction. Safe to run
     * twice or after a crash: each batch takes what is still there.
     */
    async runUndoJob(importId: string): Promise<JobOutcome> {
      for (;;) {
        // Let requests in between batches (see runImportJob).
        await new Promise((resolve) => setImmediate(resolve));
        let step: { done: boolean; accountId: string } | null;
        try {
          step = await repo.transaction(async (trx) => {
            const row = await repo.findImportForJob(trx, importId, true);
            if (!row || row.undoStatus !== 'running') return null;
            const accountId = String(row.accountId);
            const result = { ...EMPTY_UNDO_RESULT, ...(JSON.parse(String(row.undoResult ?? '{}')) as Partial<UndoResult>) };
            result.removed = { ...EMPTY_UNDO_RESULT.removed, ...result.removed };
            const planner = engineOf(trx) === 'mysql' ? repo.knex : trx;
            const gifts = await repo.nextGifts(planner, accountId, importId, tuning.batchSize);
            if (gifts.length > 0) {
              await undoGifts(trx, accountId, await undoActor(trx, accountId, importId), gifts, result);
              await repo.updateImport(trx, importId, { undoDone: trx.raw('?? + ?', ['undoDone', gifts.length]), undoResult: JSON.stringify(result) });
              return { done: false, accountId };
            }
            await undoTheRest(trx, planner, accountId, importId, result);
            await repo.updateImport(trx, importId, { undoneAt: new Date(), undoStatus: 'done', undoResult: JSON.stringify(result) });
            return { done: true, accountId };
          });
        } catch (err) {
          // Undo again continues from what is left; the error goes to the job runner's log, sanitised.
          await repo.updateImport(repo.knex, importId, { undoStatus: 'failed' });
          throw err;
        }
        if (!step) return;
        if (step.done) return;
      }
    },
  };

  /** The person who asked for the undo (the latest 'undo' entry of the import), or the system. */
  async function undoActor(trx: Knex.Transaction, accountId: string, importId: string): Promise<LedgerActor> {
    const entry = (await trx('audit_log').where({ accountId, entityType: 'import', entityId: importId, action: 'undo' }).orderBy('createdAt', 'desc').first('userId', 'sessionId')) as Row | undefined;
    return entry ? { userId: str(entry.userId), sessionId: str(entry.sessionId) } : SYSTEM;
  }

  /**
   * One batch of the import's gifts, removed through the ledger: locked, deleted, and every figure
   * they counted in brought back in line, the excess flags of their elections included.
   */
  async function undoGifts(trx: Knex.Transaction, accountId: string, actor: LedgerActor, gifts: Row[], result: UndoResult): Promise<void> {
    const refs: GiftRef[] = gifts.map((g) => ({ kind: g.kind === 'pledges' ? 'pledges' : 'donations', id: String(g.id), contactId: str(g.contactId), campaignId: str(g.campaignId) }));
    const removed = await removeGifts(trx, accountId, actor, refs, 'import-undo');
    result.removed.donations += removed.donations;
    result.removed.pledges += removed.pledges;
  }

  /** Once the gifts are gone: notes, associations, the contacts it made, the fields it filled and the tags it added. */
  async function undoTheRest(trx: Knex.Transaction, planner: Knex | Knex.Transaction, accountId: string, id: string, result: UndoResult): Promise<void> {
    // The locks first (contacts by id), named by reads made outside this transaction on MariaDB so
    // that its own reads all come after the locks (see pipeline.ts); the rows are read again below.
    const plannedEffects = await repo.allEffects(planner, id);
    await repo.lockContacts(trx, accountId, [...plannedEffects.map((e) => String(e.contactId)), ...(await repo.createdContactIds(planner, id))]);
    result.removed.notes += await repo.deleteByIds(trx, 'contact_notes', accountId, (await repo.effects(trx, id, 'note_created')).map((e) => String(e.targetId)));
    result.removed.associations += await repo.deleteByIds(trx, 'contact_associations', accountId, (await repo.effects(trx, id, 'association_created')).map((e) => String(e.targetId)));

    const createdIds = await repo.createdContactIds(trx, id);
    const keep = await repo.contactsWithMoney(trx, accountId, createdIds);
    const dropped = createdIds.filter((c) => !keep.has(c));
    await leaveListsOf(trx, accountId, dropped);
    result.removed.contacts += await repo.deleteByIds(trx, 'contacts', accountId, dropped);

    const fills = await repo.effects(trx, id, 'contact_filled');
    const tagEffects = await repo.effects(trx, id, 'tags_added');
    const current = await repo.contactsByIds(trx, accountId, [...fills, ...tagEffects].map((e) => String(e.contactId)));
    const updates = new Map<string, Row>();
    for (const effect of fills) {
      const contact = current.get(String(effect.contactId));
      if (!contact) continue;
      const update = updates.get(contact.id) ?? {};
      for (const [column, value] of Object.entries(JSON.parse(String(effect.data)) as Row)) {
        // A field edited since keeps the person's edit.
        if (String(contact[column] ?? '') === String(value ?? '')) update[column] = null;
      }
      updates.set(contact.id, update);
    }
    for (const effect of tagEffects) {
      const contact = current.get(String(effect.contactId));
      if (!contact) continue;
      const added = new Set(JSON.parse(String(effect.data)) as string[]);
      const update = updates.get(contact.id) ?? {};
      const tags = toJsonArray<string>(update.tags ?? contact.tags).filter((t) => !added.has(t));
      update.tags = JSON.stringify(tags);
      updates.set(contact.id, update);
    }
    for (const [contactId, update] of updates) {
      if (Object.keys(update).length === 0) continue;
      await repo.updateContact(trx, accountId, contactId, update);
      result.restoredContacts += 1;
    }
    await syncSmartListsOf(trx, accountId, updates.keys());
    await repo.deleteEffects(trx, id);
  }

  return service;
}

export type DataImportService = ReturnType<typeof createDataImportService>;
