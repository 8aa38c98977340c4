import type { Knex } from 'knex';
import { createTable, dateTime, dropTables, idColumn } from './schema';

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'sessions', (t) => {
    idColumn(t);
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('account_id', 36).nullable().references('id').inTable('accounts').onDelete('CASCADE');
    // SHA-256 hex of the opaque token; the token itself is never stored.
    t.string('token_hash', 64).notNullable().unique();
    dateTime(t, 'expires_at').notNullable();
    t.boolean('remember').notNullable().defaultTo(false);
    dateTime(t, 'created_at').notNullable();
    dateTime(t, 'last_used_at').nullable();
    dateTime(t, 'revoked_at').nullable();
    t.string('user_agent', 512).nullable();
    t.string('ip', 64).nullable();
    t.index(['user_id']);
    t.index(['account_id']);
    t.index(['expires_at']);
  });

  await createTable(knex, 'password_resets', (t) => {
    idColumn(t);
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    dateTime(t, 'expires_at').notNullable();
    dateTime(t, 'used_at').nullable();
    dateTime(t, 'created_at').notNullable();
    t.string('ip', 64).nullable();
    t.index(['user_id']);
  });

  await createTable(knex, 'login_attempts', (t) => {
    idColumn(t);
    t.string('email', 255).nullable();
    t.string('ip', 64).nullable();
    // Which limiter the attempt counts against: login, forgot_password, reset_password.
    t.string('kind', 32).notNullable().defaultTo('login');
    t.boolean('success').notNullable().defaultTo(false);
    dateTime(t, 'attempted_at').notNullable();
    // The rate limiter counts recent attempts per email and per ip.
    t.index(['email', 'attempted_at']);
    t.index(['ip', 'attempted_at']);
    t.index(['attempted_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['login_attempts', 'password_resets', 'sessions']);
}
