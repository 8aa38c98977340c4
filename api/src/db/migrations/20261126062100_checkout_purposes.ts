import type { Knex } from 'knex';

// A checkout is no longer always a new subscription: a renewal replaces a lapsed one, and a plan change
// on an active subscription pays only the prorated difference and changes that subscription's plan
// (docs: api/src/modules/billing/planChange.ts). The session records which, and for a plan change the
// plan it was priced from, so a stale checkout cannot be paid after the plan moved on.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('checkout_sessions', (t) => {
    t.string('purpose', 16).notNullable().defaultTo('subscribe');
    t.string('subscription_id', 36).nullable().references('id').inTable('subscriptions').onDelete('SET NULL');
    t.string('from_plan_id', 32).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('checkout_sessions', (t) => {
    t.dropForeign(['subscription_id']);
    t.dropColumn('subscription_id');
    t.dropColumn('from_plan_id');
    t.dropColumn('purpose');
  });
}
