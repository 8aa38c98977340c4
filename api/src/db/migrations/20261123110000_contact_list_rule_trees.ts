import type { Knex } from 'knex';
import { accountColumn, createTable, idColumn, jsonText, money, timestamps } from './schema';

// Smart lists (ADR 0005):
//  - a list keeps its rules as one JSON tree on the list row: rules may now be groups nested up to three
//    levels, which a flat position-ordered table cannot say; the rows of contact_list_rules move over;
//  - members added by rules are marked 'smart_rule' (the seed wrote 'smart');
//  - the account's major-gift threshold (default $1,000 lifetime) decides isMajorDonor in rules;
//  - indexes for the giving and address fields rules filter on most.
const CONTACT_INDEXES: [string, string][] = [
  ['contacts_account_state_idx', 'state'],
  ['contacts_account_last_amount_idx', 'last_donation_amount'],
  ['contacts_account_last_date_idx', 'last_donation_date'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    money(t, 'major_gift_threshold').notNullable().defaultTo(1000);
  });
  await knex.schema.alterTable('contact_lists', (t) => {
    jsonText(t, 'rules').nullable();
  });

  // The knex instance camelises result columns.
  const rows: { listId: string; field: string; operator: string; value: string | null; logic: string | null }[] = await knex
    .select('list_id', 'field', 'operator', 'value', 'logic')
    .from('contact_list_rules')
    .orderBy(['list_id', 'position']);
  const byList = new Map<string, unknown[]>();
  for (const row of rows) {
    const rules = byList.get(row.listId) ?? [];
    let value: unknown = null;
    try {
      value = row.value === null ? null : JSON.parse(row.value);
    } catch {
      value = row.value;
    }
    rules.push({ field: row.field, operator: row.operator, value, ...(rules.length > 0 && row.logic ? { logic: row.logic } : {}) });
    byList.set(row.listId, rules);
  }
  for (const [listId, rules] of byList) {
    await knex('contact_lists')
      .where('id', listId)
      .update({ rules: JSON.stringify(rules) });
  }
  await knex.schema.dropTable('contact_list_rules');
  await knex('contact_list_members').where('source', 'smart').update({ source: 'smart_rule' });

  await knex.schema.alterTable('contacts', (t) => {
    for (const [name, column] of CONTACT_INDEXES) t.index(['account_id', column], name);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    for (const [name] of CONTACT_INDEXES) t.dropIndex([], name);
  });
  await knex('contact_list_members').where('source', 'smart_rule').update({ source: 'smart' });
  await createTable(knex, 'contact_list_rules', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('list_id', 36).notNullable().references('id').inTable('contact_lists').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('field', 64).notNullable();
    t.string('operator', 32).notNullable();
    jsonText(t, 'value').nullable();
    t.string('logic', 8).nullable();
    timestamps(t);
    t.index(['list_id', 'position']);
  });
  // Only flat rule lists fit the old table; nested groups are dropped on the way down.
  await knex.schema.alterTable('contact_lists', (t) => {
    t.dropColumn('rules');
  });
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('major_gift_threshold');
  });
}
