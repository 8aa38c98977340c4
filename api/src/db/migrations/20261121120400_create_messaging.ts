import type { Knex } from 'knex';
import { createTable, dateTime, dropTables, idColumn, largeText } from './schema';

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'contact_messages', (t) => {
    idColumn(t);
    t.string('name', 255).notNullable();
    t.string('email', 255).notNullable();
    t.string('subject', 32).notNullable();
    t.text('message').notNullable();
    t.string('ip', 64).nullable();
    dateTime(t, 'created_at').notNullable();
    t.index(['created_at']);
  });

  await createTable(knex, 'email_outbox', (t) => {
    idColumn(t);
    t.string('to', 255).notNullable();
    t.string('subject', 255).notNullable();
    largeText(t, 'text').nullable();
    largeText(t, 'html').nullable();
    t.string('kind', 32).notNullable();
    dateTime(t, 'created_at').notNullable();
    dateTime(t, 'sent_at').nullable();
    t.text('error').nullable();
    t.index(['to', 'created_at']);
    t.index(['kind', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['email_outbox', 'contact_messages']);
}
