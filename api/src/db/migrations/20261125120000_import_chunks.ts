import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, largeText, rowId } from './schema';

// Import rows are stored a batch to a row (docs/product/imports.md, speed). One row per file row cost the upload a
// 100,000-row INSERT and every batch a read and an UPDATE of a thousand rows, as much work again as
// the import itself. A chunk holds the rows one batch transaction works, in file order; the batch
// marks its chunk done in the same transaction as what it wrote, so a crash leaves it pending and no
// row is done twice. What the report needs of a skipped row (its cells) moves to its import_errors
// row, and the contacts a batch created are listed on its chunk for undo.
const CHUNK_ROWS = 1000;

/** A row of import_rows still pending when this migration ran: the mapped row as JSON text. */
type PendingRow = { accountId: string; importId: string; rowNumber: number; data: string };

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'import_chunks', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('import_id', 36).notNullable().references('id').inTable('imports').onDelete('CASCADE');
    t.integer('first_row_number').notNullable();
    t.integer('last_row_number').notNullable();
    t.integer('row_count').notNullable();
    // [[rowNumber, [cell, ...]], ...] in header order (the headers live once, on the import).
    largeText(t, 'rows').notNullable();
    t.boolean('done').notNullable().defaultTo(false);
    // Ids of the contacts the chunk's batch created (JSON array): what undo deletes.
    largeText(t, 'created_contacts').nullable();
    t.unique(['import_id', 'first_row_number']);
    t.index(['import_id', 'done', 'first_row_number']);
  });
  await knex.schema.alterTable('import_errors', (t) => {
    largeText(t, 'data').nullable();
  });

  // Skipped rows keep their cells for the report.
  await knex('import_errors')
    .whereNotNull('rowNumber')
    .update({
      data: knex('import_rows')
        .select('import_rows.data')
        .whereRaw('?? = ??', ['import_rows.importId', 'import_errors.importId'])
        .whereRaw('?? = ??', ['import_rows.rowNumber', 'import_errors.rowNumber'])
        .limit(1),
    });
  // Rows still pending (an import interrupted by the upgrade) become chunks.
  const pending: PendingRow[] = await knex('import_rows')
    .where('status', 'pending')
    .orderBy(['importId', 'rowNumber'])
    .select('accountId', 'importId', 'rowNumber', 'data');
  const byImport = new Map<string, PendingRow[]>();
  for (const row of pending) byImport.set(row.importId, [...(byImport.get(row.importId) ?? []), row]);
  for (const [importId, rows] of byImport) {
    for (let from = 0; from < rows.length; from += CHUNK_ROWS) {
      const part = rows.slice(from, from + CHUNK_ROWS);
      await knex('import_chunks').insert({
        id: rowId(),
        accountId: part[0].accountId,
        importId,
        firstRowNumber: part[0].rowNumber,
        lastRowNumber: part[part.length - 1].rowNumber,
        rowCount: part.length,
        rows: JSON.stringify(part.map((r) => [Number(r.rowNumber), JSON.parse(r.data) as unknown])),
        done: false,
      });
    }
  }
  await dropTables(knex, ['import_rows']);
}

export async function down(knex: Knex): Promise<void> {
  await createTable(knex, 'import_rows', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('import_id', 36).notNullable().references('id').inTable('imports').onDelete('CASCADE');
    t.integer('row_number').notNullable();
    largeText(t, 'data').notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.text('message').nullable();
    dateTime(t, 'processed_at').nullable();
    t.unique(['import_id', 'row_number']);
    t.index(['import_id', 'status']);
  });
  await knex.schema.alterTable('import_errors', (t) => {
    t.dropColumn('data');
  });
  await dropTables(knex, ['import_chunks']);
}
