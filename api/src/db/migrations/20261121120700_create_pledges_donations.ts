import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, money, timestamps, userRef } from './schema';

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'pledges', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('contact_id', 36).notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    // A deleted campaign must not erase money history.
    t.string('campaign_id', 36).nullable().references('id').inTable('campaigns').onDelete('SET NULL');
    money(t, 'pledge_amount').notNullable();
    money(t, 'amount_fulfilled').notNullable().defaultTo(0);
    t.string('frequency', 16).notNullable().defaultTo('one_time');
    t.date('pledge_date').notNullable();
    t.date('due_date').nullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('payment_method', 32).nullable();
    t.boolean('is_anonymous').notNullable().defaultTo(false);
    t.string('solicitor_id', 36).nullable();
    t.text('notes').nullable();
    t.string('import_id', 36).nullable();
    userRef(t, 'created_by');
    timestamps(t);
    t.index(['account_id', 'contact_id']);
    t.index(['account_id', 'campaign_id']);
    t.index(['account_id', 'status']);
    t.index(['contact_id']);
    t.index(['campaign_id']);
  });

  await createTable(knex, 'donations', (t) => {
    idColumn(t);
    accountColumn(t);
    // Donations outlive their contact and campaign (SET NULL) so raised totals stay explainable.
    t.string('contact_id', 36).nullable().references('id').inTable('contacts').onDelete('SET NULL');
    t.string('campaign_id', 36).nullable().references('id').inTable('campaigns').onDelete('SET NULL');
    t.string('pledge_id', 36).nullable().references('id').inTable('pledges').onDelete('SET NULL');
    t.string('donation_account_id', 36).nullable().references('id').inTable('donation_accounts').onDelete('SET NULL');
    money(t, 'donation_amount').notNullable();
    t.string('payment_method', 32).notNullable().defaultTo('cash');
    t.string('status', 16).notNullable().defaultTo('completed');
    t.date('donation_date').notNullable();
    dateTime(t, 'processed_date').nullable();
    t.string('check_number', 64).nullable();
    t.string('transaction_id', 255).nullable();
    t.string('reference_number', 255).nullable();
    t.text('notes').nullable();
    t.boolean('is_anonymous').notNullable().defaultTo(false);
    t.boolean('is_recurring').notNullable().defaultTo(false);
    t.string('solicitor_id', 36).nullable();
    money(t, 'tax_deductible_amount').nullable();
    money(t, 'net_amount').nullable();
    t.text('in_kind_description').nullable();
    money(t, 'fair_market_value').nullable();
    t.string('import_id', 36).nullable();
    userRef(t, 'created_by');
    timestamps(t);
    t.index(['account_id', 'campaign_id']);
    t.index(['account_id', 'contact_id']);
    t.index(['account_id', 'donation_date']);
    t.index(['contact_id', 'status']);
    t.index(['campaign_id', 'status']);
    t.index(['pledge_id']);
    t.index(['donation_account_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['donations', 'pledges']);
}
