import type { Knex } from 'knex';
import { createTable, dateTime, dropTables, idColumn } from './schema';

// A change of the sign-in email waits here until the link sent to the new address confirms it; the
// old address gets an undo link valid for 7 days. Both links keep only their SHA-256 digests, like
// password_resets. The user's two_factor_lock_notified_at keeps the "too many wrong codes" email to
// one a day, whatever the number of challenges or requests racing.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'email_changes', (t) => {
    idColumn(t);
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('old_email', 255).notNullable();
    t.string('new_email', 255).notNullable();
    t.string('confirm_token_hash', 64).notNullable().unique();
    t.string('undo_token_hash', 64).notNullable().unique();
    dateTime(t, 'confirm_expires_at').notNullable();
    dateTime(t, 'undo_expires_at').notNullable();
    dateTime(t, 'confirmed_at').nullable();
    dateTime(t, 'undone_at').nullable();
    // Superseded by a newer request, or cancelled by an undo: its confirm link no longer works.
    dateTime(t, 'cancelled_at').nullable();
    t.string('ip', 64).nullable();
    dateTime(t, 'created_at').notNullable();
    t.index(['user_id']);
  });
  await knex.schema.alterTable('users', (t) => {
    dateTime(t, 'two_factor_lock_notified_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('two_factor_lock_notified_at');
  });
  await dropTables(knex, ['email_changes']);
}
