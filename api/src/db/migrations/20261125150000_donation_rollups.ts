import type { Knex } from 'knex';
import { accountColumn, createTable, dropTables } from './schema';

// Roll-ups of the donations for the Data section's analytics: see
// modules/analytics-reports/rollups.ts, which writes them in every donation write's transaction.
// Money in integer cents (exact on both engines); no triggers (they would slow the import).
// Filled from the donations already stored right after the migrations run (db/migrate.ts).

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'donation_day_totals', (t) => {
    accountColumn(t);
    t.date('donation_date').notNullable();
    // '' for gifts without a campaign; a deleted campaign's key stays and reads as "No campaign".
    t.string('campaign_key', 36).notNullable();
    t.string('payment_method', 32).notNullable();
    t.string('status', 16).notNullable();
    t.bigInteger('amount_cents').notNullable();
    t.integer('gifts').notNullable();
    t.primary(['account_id', 'donation_date', 'campaign_key', 'payment_method', 'status']);
  });

  await createTable(knex, 'donation_amount_days', (t) => {
    accountColumn(t);
    t.date('donation_date').notNullable();
    t.string('campaign_key', 36).notNullable();
    t.bigInteger('amount_cents').notNullable();
    t.integer('gifts').notNullable();
    t.primary(['account_id', 'donation_date', 'campaign_key', 'amount_cents']);
  });

  await createTable(knex, 'donor_years', (t) => {
    t.bigIncrements('id').primary();
    accountColumn(t);
    // A campaign id, or '' for every campaign.
    t.string('scope', 36).notNullable();
    // A calendar year, or 0 for every year.
    t.integer('year').notNullable();
    t.string('contact_id', 36).notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.bigInteger('amount_cents').notNullable();
    t.integer('gifts').notNullable();
    t.date('first_date').notNullable();
    t.date('last_date').notNullable();
    t.date('prev_date').nullable();
    t.date('next_date').nullable();
    // Donors in a range and new donors (covering: counted from the index alone).
    t.index(['account_id', 'scope', 'year', 'first_date', 'last_date', 'prev_date'], 'donor_years_first_idx');
    // Lapsed donors (LYBUNT): last year's rows whose next gift is after the period, with their sums.
    t.index(['account_id', 'scope', 'year', 'next_date', 'amount_cents'], 'donor_years_next_idx');
    // Top donors: candidates by their year's (or lifetime) sum, largest first.
    t.index(['account_id', 'scope', 'year', 'amount_cents'], 'donor_years_amount_idx');
    t.index(['contact_id'], 'donor_years_contact_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['donor_years', 'donation_amount_days', 'donation_day_totals']);
}
