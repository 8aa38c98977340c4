import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, largeText, money, timestamps, userRef } from './schema';

// Communication (docs/adr/0015-communication-sends-at-most-once.md): templates, the acknowledgment of each gift, sends to
// a list with one row per recipient, and the unsubscribes. Acknowledgments live beside donations,
// keyed by the donation's id, so thanking a donor never writes to the ledger's tables.

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'message_templates', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('name', 255).notNullable();
    t.string('purpose', 16).notNullable();
    t.string('subject', 255).notNullable();
    largeText(t, 'body_text').notNullable();
    largeText(t, 'body_html').nullable();
    // The rule that picks this template for a gift: its campaign (any when null) and amount range.
    t.string('campaign_id', 36).nullable().references('id').inTable('campaigns').onDelete('SET NULL');
    money(t, 'min_amount').nullable();
    money(t, 'max_amount').nullable();
    userRef(t, 'created_by');
    timestamps(t);
    t.index(['account_id', 'purpose', 'name']);
  });

  await createTable(knex, 'message_sends', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('kind', 16).notNullable();
    t.string('list_id', 36).nullable().references('id').inTable('contact_lists').onDelete('SET NULL');
    t.string('template_id', 36).nullable().references('id').inTable('message_templates').onDelete('SET NULL');
    t.string('subject', 255).notNullable();
    t.string('status', 16).notNullable();
    dateTime(t, 'send_at').nullable();
    t.integer('total_count').notNullable().defaultTo(0);
    t.integer('excluded_no_email').notNullable().defaultTo(0);
    t.integer('excluded_unsubscribed').notNullable().defaultTo(0);
    t.integer('excluded_bounced').notNullable().defaultTo(0);
    t.integer('excluded_deceased').notNullable().defaultTo(0);
    t.integer('email_count').notNullable().defaultTo(0);
    t.integer('letter_count').notNullable().defaultTo(0);
    dateTime(t, 'started_at').nullable();
    dateTime(t, 'finished_at').nullable();
    userRef(t, 'created_by');
    timestamps(t);
    t.index(['account_id', 'created_at']);
    t.index(['status']);
  });

  // What each person received (or will): one row per recipient and message, with its state.
  await createTable(knex, 'sent_messages', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('contact_id', 36).nullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.string('send_id', 36).nullable().references('id').inTable('message_sends').onDelete('CASCADE');
    t.string('donation_id', 36).nullable();
    t.string('kind', 16).notNullable();
    t.string('channel', 8).notNullable();
    t.string('to_email', 255).nullable();
    t.string('subject', 255).notNullable();
    largeText(t, 'body_text').nullable();
    largeText(t, 'body_html').nullable();
    t.string('status', 16).notNullable();
    t.string('error', 1000).nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    dateTime(t, 'next_attempt_at').nullable();
    dateTime(t, 'claimed_at').nullable();
    dateTime(t, 'sent_at').nullable();
    t.string('unsubscribe_token_hash', 64).nullable().unique();
    timestamps(t);
    t.unique(['send_id', 'contact_id']);
    t.index(['send_id', 'status']);
    t.index(['account_id', 'contact_id', 'created_at']);
  });

  await createTable(knex, 'donation_acknowledgments', (t) => {
    t.string('donation_id', 36).primary().references('id').inTable('donations').onDelete('CASCADE');
    accountColumn(t);
    t.string('status', 16).notNullable();
    t.string('channel', 8).nullable();
    dateTime(t, 'acknowledged_at').notNullable();
    t.string('send_id', 36).nullable().references('id').inTable('message_sends').onDelete('SET NULL');
    t.string('message_id', 36).nullable();
    userRef(t, 'created_by');
    t.index(['account_id', 'status']);
  });

  await createTable(knex, 'email_unsubscribes', (t) => {
    t.string('contact_id', 36).primary().references('id').inTable('contacts').onDelete('CASCADE');
    accountColumn(t);
    t.string('email', 255).nullable();
    t.string('send_id', 36).nullable();
    dateTime(t, 'created_at').notNullable();
    t.index(['account_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['email_unsubscribes', 'donation_acknowledgments', 'sent_messages', 'message_sends', 'message_templates']);
}
