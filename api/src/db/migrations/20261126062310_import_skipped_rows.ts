import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, idColumn, largeText } from './schema';

// Every skipped row of an import, whether the browser's review skipped it (never sent to be
// imported: a bad email) or the server did (a duplicate transaction id), is kept with the import:
// its row number in the file, its cells in the import's header order and the reason. The report
// lists them, the history counts them after a reload, and they can be fixed and imported into the
// same import (POST /api/data-import/:id/skipped). A fixed row leaves this table and goes to a chunk
// like any other row; if the server skips it again, it comes back with the new reason.
//
// import_errors held the server's skipped rows (reason and cells): they move here, so there is one
// place to read them from.
//
// A fixed row goes into a chunk of its own, numbered as in the file; its number may be the first of
// a chunk worked before, so import_chunks' (import_id, first_row_number) stops being unique (the
// (import_id, done, first_row_number) index still serves the job's reads and the foreign key).

const PAGE = 1000;
/** An instant as the drivers hand it back (a Date on MariaDB, text or epoch milliseconds on SQLite). */
type Instant = Date | number | string;
/** import_errors and import_skipped_rows as they were when this migration ran. */
type ErrorRow = { id: string; accountId: string; importId: string; rowNumber: number | null; message: string; data: string | null; createdAt: Instant };
type SkippedRow = { id: string; accountId: string; importId: string; rowNumber: number; cells: string; reason: string; source: string; createdAt: Instant };

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'import_skipped_rows', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('import_id', 36).notNullable().references('id').inTable('imports').onDelete('CASCADE');
    t.integer('row_number').notNullable();
    // [cell, ...] in the import's header order (the headers live once, on the import).
    largeText(t, 'cells').notNullable();
    t.text('reason').notNullable();
    // 'review' (skipped in the browser, never sent to be imported) or 'server'.
    t.string('source', 16).notNullable();
    dateTime(t, 'created_at').notNullable();
    t.unique(['import_id', 'row_number']);
  });

  // Page by id: an account's import may have skipped hundreds of thousands of rows.
  let after = '';
  for (;;) {
    const rows: ErrorRow[] = await knex('import_errors').whereNotNull('rowNumber').where('id', '>', after).orderBy('id').limit(PAGE).select('*');
    if (rows.length === 0) break;
    await knex('import_skipped_rows')
      .insert(
        rows.map((row) => ({
          id: row.id,
          accountId: row.accountId,
          importId: row.importId,
          rowNumber: row.rowNumber,
          cells: row.data ?? '[]',
          reason: row.message,
          source: 'server',
          createdAt: row.createdAt,
        })),
      )
      .onConflict(['import_id', 'row_number'])
      .ignore();
    after = String(rows[rows.length - 1].id);
  }
  await knex('import_errors').whereNotNull('rowNumber').delete();

  await knex.schema.alterTable('import_chunks', (t) => {
    t.dropUnique(['import_id', 'first_row_number']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('import_chunks', (t) => {
    t.unique(['import_id', 'first_row_number']);
  });
  let after = '';
  for (;;) {
    const rows: SkippedRow[] = await knex('import_skipped_rows').where('source', 'server').where('id', '>', after).orderBy('id').limit(PAGE).select('*');
    if (rows.length === 0) break;
    await knex('import_errors').insert(
      rows.map((row) => ({
        id: row.id,
        accountId: row.accountId,
        importId: row.importId,
        rowNumber: row.rowNumber,
        message: row.reason,
        data: row.cells,
        createdAt: row.createdAt,
      })),
    );
    after = String(rows[rows.length - 1].id);
  }
  await knex.schema.dropTable('import_skipped_rows');
}
