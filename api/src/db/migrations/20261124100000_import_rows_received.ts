import type { Knex } from 'knex';
import { dateTime } from './schema';

// When the last batch of an import's rows arrived. An import still receiving whose upload went quiet
// for longer than the upload timeout is failed as 'Upload interrupted' (retry then imports what
// arrived, undo takes it back), instead of staying `processing` forever.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (t) => {
    dateTime(t, 'last_rows_at').nullable();
  });
  await knex('imports').update({ lastRowsAt: knex.ref('updatedAt') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (t) => {
    t.dropColumn('last_rows_at');
  });
}
