import type { z } from 'zod';
import { IMPORT_STARTED_MESSAGE, type importRequestSchema, type importRowsRequestSchema, type ImportStartResponse } from '@caucus/contract';
import { toBool, toJsonArray } from '../../db/values';
import { BadRequest, Conflict, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { newId } from '../../lib/ids';
import type { ImportServiceContext } from './context';
import { importedBeforeMessage, withIncluded, workspaceTimeZone } from './duplicates';
import {
  CAMPAIGN_ARCHIVED,
  CAMPAIGN_NOT_FOUND,
  DONATION_ACCOUNT_NOT_FOUND,
  DONATION_ACCOUNT_NOT_OF_CAMPAIGN,
  IMPORT_NOT_FOUND,
  rowsAlreadySentMessage,
} from './messages';
import type { SkippedRow, StoredRow } from './repository';

// Rows are stored first, then worked (docs/adr/0007-import-pipeline-and-jobs.md): a request stores
// the file's kept rows as chunks and the review's skipped rows, and queues the job.

/** The rows in file order (the job works them in that order), each with its number in the file. */
export function rowsToStore(headers: string[], rows: Record<string, unknown>[], rowNumbers: number[] | undefined, firstRowNumber: number): StoredRow[] {
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

export function createImportUploads({ repo, batchSize, enqueue, history }: ImportServiceContext) {
  return {
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
        if (before)
          throw new Conflict(importedBeforeMessage(before, await workspaceTimeZone(repo.knex, accountId)), {
            importAnyway: 'Confirm Import anyway to import this file again',
          });
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
        await repo.insertChunks(trx, accountId, id, rows, await batchSize());
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
      await history.failStalledUploads(accountId);
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
        if (rows.length > 0) await repo.insertChunks(trx, accountId, id, rows, await batchSize());
        await repo.insertSkipped(trx, accountId, id, skipped, 'review');
        await repo.addCounts(trx, id, { recordsTotal: rows.length + skipped.length, recordsSkipped: skipped.length });
        const included = input.includeDuplicates ? { duplicatesIncluded: withIncluded(row, input.includeDuplicates) } : {};
        await repo.updateImport(trx, id, input.hasMore ? { ...included, lastRowsAt: new Date() } : { ...included, lastRowsAt: new Date(), receiving: false });
        return rows.length;
      });
      await enqueue(id);
      return { message: IMPORT_STARTED_MESSAGE, importId: id, recordsToProcess: count };
    },
  };
}
