import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, money, timestamps, userRef } from './schema';

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'events', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('campaign_id', 36).nullable().references('id').inTable('campaigns').onDelete('SET NULL');
    t.string('name', 255).notNullable();
    t.string('slug', 255).nullable();
    t.text('description').nullable();
    t.string('event_type', 32).notNullable().defaultTo('fundraiser');
    t.string('status', 16).notNullable().defaultTo('draft');
    dateTime(t, 'start_date').nullable();
    dateTime(t, 'end_date').nullable();
    t.string('location', 255).nullable();
    t.string('virtual_url', 1024).nullable();
    t.boolean('is_virtual').notNullable().defaultTo(false);
    t.boolean('is_public').notNullable().defaultTo(true);
    // 0 means unlimited.
    t.integer('max_attendees').notNullable().defaultTo(0);
    money(t, 'fundraising_goal').notNullable().defaultTo(0);
    money(t, 'ticket_price').notNullable().defaultTo(0);
    t.boolean('allow_donations').notNullable().defaultTo(true);
    t.boolean('requires_rsvp').notNullable().defaultTo(false);
    t.integer('current_attendees').notNullable().defaultTo(0);
    money(t, 'amount_raised').notNullable().defaultTo(0);
    userRef(t, 'created_by');
    timestamps(t);
    t.index(['account_id', 'start_date']);
    t.index(['account_id', 'campaign_id']);
    t.index(['account_id', 'status']);
    t.index(['account_id', 'slug']);
    t.index(['campaign_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['events']);
}
