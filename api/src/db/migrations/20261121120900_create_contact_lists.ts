import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, jsonText, timestamps, userRef } from './schema';

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'contact_lists', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('name', 255).notNullable();
    t.text('description').nullable();
    t.string('type', 16).notNullable().defaultTo('static');
    jsonText(t, 'tags').nullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('member_count').notNullable().defaultTo(0);
    dateTime(t, 'rules_applied_at').nullable();
    userRef(t, 'created_by');
    timestamps(t);
    t.index(['account_id', 'is_active', 'created_at']);
    t.index(['account_id', 'type']);
    t.index(['account_id', 'name']);
  });

  await createTable(knex, 'contact_list_rules', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('list_id', 36).notNullable().references('id').inTable('contact_lists').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('field', 64).notNullable();
    t.string('operator', 32).notNullable();
    // JSON: a scalar, a two-element range for between, or a list for in/not_in.
    jsonText(t, 'value').nullable();
    // 'and' | 'or'; null on the first rule.
    t.string('logic', 8).nullable();
    timestamps(t);
    t.index(['list_id', 'position']);
  });

  await createTable(knex, 'contact_list_members', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('list_id', 36).notNullable().references('id').inTable('contact_lists').onDelete('CASCADE');
    t.string('contact_id', 36).notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.string('source', 16).notNullable().defaultTo('manual');
    t.text('notes').nullable();
    userRef(t, 'added_by');
    dateTime(t, 'added_at').notNullable();
    t.unique(['list_id', 'contact_id']);
    t.index(['list_id', 'source']);
    t.index(['account_id', 'contact_id']);
    t.index(['contact_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['contact_list_members', 'contact_list_rules', 'contact_lists']);
}
