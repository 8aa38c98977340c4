import type { Knex } from 'knex';

// Undo runs as a job, a batch of the import's gifts at a time, with its progress on the import: a
// 189,025-row import took 83 s to undo in one request with nothing to show. undo_status is
// 'running' while the job works (the history card polls it) and 'failed' when a batch could not be
// written (Undo again continues), then 'done'; undo_done of undo_total gifts says how far it is, and
// undo_result (JSON) what it removed and restored.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (t) => {
    t.string('undo_status', 16).nullable();
    t.integer('undo_done').notNullable().defaultTo(0);
    t.integer('undo_total').notNullable().defaultTo(0);
    t.text('undo_result').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (t) => {
    t.dropColumn('undo_status');
    t.dropColumn('undo_done');
    t.dropColumn('undo_total');
    t.dropColumn('undo_result');
  });
}
