import type { Knex } from 'knex';
import { createTable, money, timestamps } from './schema';

// docs/product/limits-and-defaults.md. Stripe price ids are filled in per deployment (configuration or an admin update).
const PLANS = [
  { id: 'starter', name: 'Starter', price_monthly: 100, users: 1, popular: false, sort_order: 1 },
  { id: 'growth', name: 'Growth', price_monthly: 200, users: 2, popular: true, sort_order: 2 },
  { id: 'team', name: 'Team', price_monthly: 300, users: 5, popular: false, sort_order: 3 },
  { id: 'organization', name: 'Organization', price_monthly: 500, users: 10, popular: false, sort_order: 4 },
];

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'plans', (t) => {
    t.string('id', 32).primary();
    t.string('name', 100).notNullable();
    money(t, 'price_monthly').notNullable();
    t.string('currency', 3).notNullable().defaultTo('usd');
    t.integer('users').notNullable();
    t.string('stripe_price_id', 255).nullable();
    t.boolean('popular').notNullable().defaultTo(false);
    t.integer('sort_order').notNullable().defaultTo(0);
    timestamps(t);
  });
  const now = new Date();
  await knex('plans').insert(PLANS.map((plan) => ({ ...plan, currency: 'usd', stripe_price_id: null, created_at: now, updated_at: now })));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('plans');
}
