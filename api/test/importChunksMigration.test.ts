import { newId } from '../src/lib/ids';
import * as importChunks from '../src/db/migrations/20261125120000_import_chunks';
import { databaseBefore, insertOldImport } from './helpers/migrations';

// Imports stored before chunks kept one import_rows row per file row. The migration turns the rows
// still pending into chunks (an import interrupted by the upgrade continues where it stopped) and
// keeps each skipped row's cells on its error (what the report prints), then drops import_rows.
describe('migration 20261125120000_import_chunks on existing imports', () => {
  const before = databaseBefore(importChunks);

  it('makes pending rows chunks in file order and keeps the cells of skipped rows', async () => {
    const { knex, accountId } = before;
    const importId = await insertOldImport(before, { status: 'processing', recordsTotal: 4, recordsImported: 1, recordsSkipped: 1 });
    const now = new Date();
    const row = (rowNumber: number, status: string, cells: unknown[]) => ({ id: newId(), accountId, importId, rowNumber, data: JSON.stringify(cells), status });
    // Stored out of order on purpose: the chunk follows the file.
    await knex('import_rows').insert([
      row(4, 'pending', ['d@example.org', '4']),
      row(1, 'imported', ['a@example.org', '1']),
      row(2, 'skipped', ['not-an-email', '2']),
      row(3, 'pending', ['c@example.org', '3']),
    ]);
    await knex('import_errors').insert({ id: newId(), accountId, importId, rowNumber: 2, message: 'Invalid email format', createdAt: now });

    await importChunks.up(knex);

    const chunks = await knex('import_chunks').where({ importId }).select('firstRowNumber', 'lastRowNumber', 'rowCount', 'rows', 'done');
    expect(chunks.map((c: Record<string, unknown>) => ({ ...c, rows: JSON.parse(String(c.rows)), done: Boolean(c.done) }))).toEqual([
      {
        firstRowNumber: 3,
        lastRowNumber: 4,
        rowCount: 2,
        rows: [
          [3, ['c@example.org', '3']],
          [4, ['d@example.org', '4']],
        ],
        done: false,
      },
    ]);
    expect(await knex('import_errors').where({ importId }).first('rowNumber', 'data')).toEqual({ rowNumber: 2, data: JSON.stringify(['not-an-email', '2']) });
    expect(await knex.schema.hasTable('import_rows')).toBe(false);
  });
});
