import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn } from './schema';

// Invitations to join an account's team: a single-use link valid for 7 days, of which only the
// SHA-256 digest is kept (like password_resets). Revoking or accepting stamps the row; nothing is
// deleted, so the Team page and the audit trail can say who invited whom.
//
// Memberships get the roles of docs/adr/0016-roles-and-one-permission-table.md: the old
// 'member' role of a second user becomes 'admin', what it could do before.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'team_invitations', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('email', 255).notNullable();
    t.string('role', 16).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.string('invited_by_user_id', 36).nullable().references('id').inTable('users').onDelete('SET NULL');
    dateTime(t, 'expires_at').notNullable();
    dateTime(t, 'accepted_at').nullable();
    t.string('accepted_user_id', 36).nullable();
    dateTime(t, 'revoked_at').nullable();
    dateTime(t, 'created_at').notNullable();
    dateTime(t, 'updated_at').notNullable();
    t.index(['account_id', 'email']);
  });
  await knex('memberships').where('role', 'member').update({ role: 'admin' });
}

export async function down(knex: Knex): Promise<void> {
  await knex('memberships').where('role', 'admin').update({ role: 'member' });
  await dropTables(knex, ['team_invitations']);
}
