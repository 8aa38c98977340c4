import { newId } from '../src/lib/ids';
import * as skippedRows from '../src/db/migrations/20261126062310_import_skipped_rows';
import { databaseBefore, insertOldImport } from './helpers/migrations';

// Skipped rows kept on import_errors (reason and cells) move to import_skipped_rows, and back on down.
describe('migration 20261126062310_import_skipped_rows on existing imports', () => {
  const before = databaseBefore(skippedRows);

  it("moves the server's skipped rows with their cells and reasons, and a fixed row's chunk may share a first row number", async () => {
    const { knex, accountId } = before;
    const importId = await insertOldImport(before, { status: 'completed', recordsTotal: 3, recordsImported: 1, recordsSkipped: 2 });
    const now = new Date();
    await knex('import_errors').insert([
      { id: newId(), accountId, importId, rowNumber: 2, message: 'Invalid email format', data: JSON.stringify(['not-an-email', '2']), createdAt: now },
      { id: newId(), accountId, importId, rowNumber: 3, message: 'Invalid amount format', data: JSON.stringify(['c@example.org', 'ten']), createdAt: now },
    ]);

    await skippedRows.up(knex);

    const moved = await knex('import_skipped_rows').where({ importId }).orderBy('rowNumber').select('rowNumber', 'cells', 'reason', 'source');
    expect(moved).toEqual([
      { rowNumber: 2, cells: JSON.stringify(['not-an-email', '2']), reason: 'Invalid email format', source: 'server' },
      { rowNumber: 3, cells: JSON.stringify(['c@example.org', 'ten']), reason: 'Invalid amount format', source: 'server' },
    ]);
    expect(await knex('import_errors').where({ importId })).toHaveLength(0);
    const chunk = (id: string) => ({ id, accountId, importId, firstRowNumber: 2, lastRowNumber: 2, rowCount: 1, rows: '[]', done: true });
    await knex('import_chunks').insert([chunk(newId()), chunk(newId())]);

    await knex('import_chunks').where({ importId }).delete();
    await skippedRows.down(knex);
    expect(await knex('import_errors').where({ importId }).orderBy('rowNumber').select('rowNumber', 'message')).toEqual([
      { rowNumber: 2, message: 'Invalid email format' },
      { rowNumber: 3, message: 'Invalid amount format' },
    ]);
    await skippedRows.up(knex);
  });
});
