import type { Knex } from 'knex';

// Signed-in analytics are limited per user and per account, per minute and per day, by counting the
// stored events of the window (modules/analytics/service.ts). The account's count reads the existing
// (account_id, created_at) index; the user's gets (user_id, created_at), which also serves the
// user_id foreign key, so the single-column index it replaces goes.

const TABLE = 'analytics_events';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable(TABLE, (t) => {
    t.index(['user_id', 'created_at'], 'analytics_events_user_created_idx');
  });
  await knex.schema.alterTable(TABLE, (t) => {
    t.dropIndex(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable(TABLE, (t) => {
    t.index(['user_id']);
  });
  await knex.schema.alterTable(TABLE, (t) => {
    t.dropIndex(['user_id', 'created_at'], 'analytics_events_user_created_idx');
  });
}
