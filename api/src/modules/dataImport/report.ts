import { CSV_BYTE_ORDER_MARK, csvLine } from '@caucus/contract';
import { toJsonArray } from '../../db/values';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { IMPORT_NOT_FOUND } from './messages';
import type { DataImportRepository } from './repository';

/**
 * The skipped-rows report (GET /api/data-import/:id/report): every skipped row, the review's (never
 * sent to be imported) and the server's, in file order, with its reason. The cells are the uploaded
 * file's own text, escaped by the product's one spreadsheet rule (docs/adr/0011-text-and-spreadsheet-safety.md).
 */
export async function skippedRowsReport(repo: DataImportRepository, accountId: string, id: string): Promise<{ fileName: string; csv: string }> {
  assertIdOr404(id, IMPORT_NOT_FOUND);
  const row = await repo.findImport(repo.knex, accountId, id);
  if (!row) throw new NotFound(IMPORT_NOT_FOUND);
  const headers = toJsonArray<string>(row.headers);
  const lines = [csvLine(['Row', ...headers, 'Reason'])];
  for (const skipped of await repo.skippedRows(accountId, id)) {
    lines.push(csvLine([skipped.rowNumber, ...headers.map((_, i) => skipped.cells[i]), skipped.reason]));
  }
  const base = String(row.fileName).replace(/\.[^.]+$/, '');
  return { fileName: `${base}-skipped-rows.csv`, csv: CSV_BYTE_ORDER_MARK + lines.join('') };
}
