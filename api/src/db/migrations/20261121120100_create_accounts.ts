import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, jsonText, timestamps } from './schema';

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'accounts', (t) => {
    idColumn(t);
    t.string('name', 255).notNullable();
    t.string('organization_type', 32).notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('plan_id', 32).notNullable().references('id').inTable('plans').onDelete('RESTRICT');
    t.string('email', 255).nullable();
    t.string('phone', 50).nullable();
    t.string('website', 255).nullable();
    t.string('address_line1', 255).nullable();
    t.string('address_line2', 255).nullable();
    t.string('city', 100).nullable();
    t.string('state', 100).nullable();
    t.string('zip_code', 20).nullable();
    t.string('country', 100).notNullable().defaultTo('United States');
    t.string('timezone', 64).notNullable().defaultTo('America/New_York');
    t.string('language', 16).notNullable().defaultTo('en');
    t.string('date_format', 16).notNullable().defaultTo('MM/DD/YYYY');
    t.string('primary_color', 16).notNullable().defaultTo('#667eea');
    t.string('secondary_color', 16).notNullable().defaultTo('#764ba2');
    timestamps(t);
    t.index(['status']);
  });

  await createTable(knex, 'users', (t) => {
    idColumn(t);
    // Always stored lower-cased by the application, so the unique index is case-insensitive on both engines.
    t.string('email', 255).notNullable().unique();
    t.string('password_hash', 255).nullable();
    t.string('first_name', 100).notNullable();
    t.string('last_name', 100).notNullable();
    t.string('phone', 50).nullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    jsonText(t, 'preferences').nullable();
    dateTime(t, 'last_login_at').nullable();
    timestamps(t);
  });

  await createTable(knex, 'memberships', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('role', 16).notNullable().defaultTo('member');
    timestamps(t);
    t.unique(['account_id', 'user_id']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['memberships', 'users', 'accounts']);
}
