import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, largeText, money, timestamps } from './schema';

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'checkout_sessions', (t) => {
    // The provider's session id (Stripe cs_..., or the local checkout's own id).
    t.string('id', 255).primary();
    t.string('account_id', 36).nullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('user_id', 36).nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('plan_id', 32).notNullable().references('id').inTable('plans').onDelete('RESTRICT');
    t.string('provider', 16).notNullable();
    t.string('status', 16).notNullable().defaultTo('open');
    money(t, 'amount').notNullable();
    t.string('currency', 3).notNullable().defaultTo('usd');
    t.string('customer_email', 255).nullable();
    t.text('url').nullable();
    t.text('success_url').nullable();
    t.text('cancel_url').nullable();
    dateTime(t, 'created_at').notNullable();
    dateTime(t, 'expires_at').nullable();
    dateTime(t, 'completed_at').nullable();
    t.index(['account_id']);
    t.index(['user_id']);
  });

  await createTable(knex, 'subscriptions', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('plan_id', 32).notNullable().references('id').inTable('plans').onDelete('RESTRICT');
    t.string('provider', 16).notNullable();
    t.string('provider_customer_id', 255).nullable();
    t.string('provider_subscription_id', 255).nullable();
    t.string('checkout_session_id', 255).nullable().unique();
    t.string('status', 32).notNullable();
    dateTime(t, 'current_period_end').nullable();
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    timestamps(t);
    t.index(['account_id', 'status']);
    t.index(['provider_subscription_id']);
  });

  await createTable(knex, 'webhook_events', (t) => {
    idColumn(t);
    t.string('provider', 16).notNullable();
    // Unique so a redelivered event is recognised and processed once.
    t.string('provider_event_id', 255).notNullable().unique();
    t.string('type', 100).notNullable();
    largeText(t, 'payload').nullable();
    dateTime(t, 'created_at').notNullable();
    dateTime(t, 'processed_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['webhook_events', 'subscriptions', 'checkout_sessions']);
}
