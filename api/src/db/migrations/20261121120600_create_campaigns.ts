import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, jsonText, money, timestamps, userRef } from './schema';

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'committees', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('name', 255).notNullable();
    t.string('committee_type', 32).notNullable().defaultTo('other');
    timestamps(t);
    t.index(['account_id', 'name']);
  });

  await createTable(knex, 'donation_accounts', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('name', 255).notNullable();
    t.string('account_type', 32).notNullable().defaultTo('operating');
    // Campaigns point at their donation account and a donation account may name its campaign; one of
    // the two sides has to stay a plain column, and this one is checked by the application.
    t.string('campaign_id', 36).nullable();
    timestamps(t);
    t.index(['account_id', 'name']);
    t.index(['account_id', 'campaign_id']);
  });

  await createTable(knex, 'campaigns', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('name', 255).notNullable();
    t.string('slug', 255).notNullable();
    t.text('description').nullable();
    t.string('campaign_type', 32).notNullable().defaultTo('fundraising');
    t.string('status', 16).notNullable().defaultTo('draft');
    t.string('committee_id', 36).nullable().references('id').inTable('committees').onDelete('SET NULL');
    t.string('donation_account_id', 36).nullable().references('id').inTable('donation_accounts').onDelete('SET NULL');
    money(t, 'fundraising_goal').notNullable().defaultTo(0);
    t.integer('contact_goal').notNullable().defaultTo(0);
    t.integer('volunteer_goal').notNullable().defaultTo(0);
    dateTime(t, 'start_date').nullable();
    dateTime(t, 'end_date').nullable();
    t.boolean('allow_public_donations').notNullable().defaultTo(false);
    money(t, 'donation_minimum').notNullable().defaultTo(1);
    // 0 means no limit.
    money(t, 'donation_maximum').notNullable().defaultTo(0);
    jsonText(t, 'suggested_amounts').nullable();
    // Totals are derived from donations (refresh-all-totals recomputes them); never edited directly.
    money(t, 'amount_raised').notNullable().defaultTo(0);
    t.integer('donation_count').notNullable().defaultTo(0);
    t.integer('contacts_reached').notNullable().defaultTo(0);
    t.integer('volunteers_recruited').notNullable().defaultTo(0);
    userRef(t, 'created_by');
    timestamps(t);
    t.unique(['account_id', 'slug']);
    t.index(['account_id', 'status']);
    t.index(['account_id', 'created_at']);
    t.index(['committee_id']);
    t.index(['donation_account_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['campaigns', 'donation_accounts', 'committees']);
}
