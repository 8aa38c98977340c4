import type { Knex } from 'knex';
import { createTable, dateTime, dropTables, idColumn } from './schema';

// Two-factor sign-in (docs/product/first-run-and-settings.md). The TOTP secret sits on the user; a secret being set up waits in
// its own column until a first code proves the authenticator holds it. The last accepted time-step
// refuses a code seen once from being used again. Recovery codes and the sign-in challenges that sit
// between the password and the code keep only their SHA-256 digests.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('two_factor_secret', 64).nullable();
    t.string('two_factor_pending_secret', 64).nullable();
    dateTime(t, 'two_factor_enabled_at').nullable();
    t.bigInteger('two_factor_last_step').nullable();
  });
  await knex.schema.alterTable('accounts', (t) => {
    t.boolean('require_two_factor').notNullable().defaultTo(false);
  });

  await createTable(knex, 'two_factor_recovery_codes', (t) => {
    idColumn(t);
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable();
    dateTime(t, 'used_at').nullable();
    dateTime(t, 'created_at').notNullable();
    t.index(['user_id']);
  });

  await createTable(knex, 'two_factor_challenges', (t) => {
    idColumn(t);
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.boolean('remember').notNullable().defaultTo(false);
    dateTime(t, 'expires_at').notNullable();
    dateTime(t, 'used_at').nullable();
    dateTime(t, 'created_at').notNullable();
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['two_factor_challenges', 'two_factor_recovery_codes']);
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('require_two_factor');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('two_factor_last_step');
    t.dropColumn('two_factor_enabled_at');
    t.dropColumn('two_factor_pending_secret');
    t.dropColumn('two_factor_secret');
  });
}
