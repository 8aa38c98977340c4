import type { Knex } from 'knex';

// donor_years is written for every donor of every import batch (modules/analytics-reports/rollups.ts),
// and on the large seed it is 1.5M rows whose four secondary indexes were ~680 MB against MariaDB's
// 128 MB buffer pool. One index less: the lapsed donors (LYBUNT) were the only reader of
// (account, scope, year, next_date, amount_cents); the amount index, carrying next_date after the
// amount, now answers them too: the top lapsed donors by walking it largest first and skipping
// (from the index alone) those who gave again, their count and sum by reading the year's entries.
// The id sits before next_date so that the top donors' walk (amount, then id, largest first) keeps
// reading the index in its own order.
// Every write of a donor_years row updates one index less.

const TABLE = 'donor_years';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable(TABLE, (t) => {
    t.dropIndex(['account_id', 'scope', 'year', 'next_date', 'amount_cents'], 'donor_years_next_idx');
    t.dropIndex(['account_id', 'scope', 'year', 'amount_cents'], 'donor_years_amount_idx');
  });
  await knex.schema.alterTable(TABLE, (t) => {
    t.index(['account_id', 'scope', 'year', 'amount_cents', 'id', 'next_date'], 'donor_years_amount_next_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable(TABLE, (t) => {
    t.dropIndex(['account_id', 'scope', 'year', 'amount_cents', 'id', 'next_date'], 'donor_years_amount_next_idx');
  });
  await knex.schema.alterTable(TABLE, (t) => {
    t.index(['account_id', 'scope', 'year', 'next_date', 'amount_cents'], 'donor_years_next_idx');
    t.index(['account_id', 'scope', 'year', 'amount_cents'], 'donor_years_amount_idx');
  });
}
