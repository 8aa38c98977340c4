import type { Knex } from 'knex';
import { createTable, dateTime, dropTables, idColumn } from './schema';

// A pending signup holds its address for the browser that started it. Another browser starts over
// only with the link emailed to the address (modules/signup/service.ts): whoever reads that mailbox
// owns the address, so nobody else can keep its owner from signing up.

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'signup_restarts', (t) => {
    idColumn(t);
    t.string('email', 255).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    dateTime(t, 'expires_at').notNullable();
    dateTime(t, 'used_at').nullable();
    dateTime(t, 'created_at').notNullable();
    t.index(['email', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['signup_restarts']);
}
