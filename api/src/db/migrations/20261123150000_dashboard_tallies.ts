import type { Knex } from 'knex';
import { accountColumn, createTable, isMysql, money } from './schema';

// The dashboard overview reads counters instead of scanning (docs/product/performance.md). On the large seed (100k
// contacts, 1M donations, MariaDB) the campaign-filtered overview probed every contact for a donation
// or pledge to the campaign (~1.1 s), and the whole-account one scanned 100k index entries (~60 ms).
//
// - campaign_reach: one row per (campaign, contact) while the contact has a donation or a pledge to
//   the campaign, with how many, and the contact's status copied in.
// - campaign_contact_tallies: per campaign and contact status, how many contacts it reached.
// - account_contact_tallies: per account and contact status, how many contacts and their
//   total_donated summed.
//
// Triggers keep all three in step with donations, pledges, contacts and campaigns, in the same
// statement (so the same transaction) as the row that changed: every writer (financials, imports,
// seeds, merges) is covered without knowing, and the counters are exact under concurrency (atomic
// increments). Cascaded foreign-key actions fire no triggers on MariaDB, so deleting a contact or a
// campaign first deletes its reach rows itself (a BEFORE DELETE trigger), the same on both engines.

const TRIGGERS = [
  'donations_reach_after_insert',
  'donations_reach_after_update',
  'donations_reach_after_delete',
  'pledges_reach_after_insert',
  'pledges_reach_after_update',
  'pledges_reach_after_delete',
  'campaign_reach_after_insert',
  'campaign_reach_after_update',
  'campaign_reach_after_delete',
  'contacts_tallies_after_insert',
  'contacts_tallies_after_update',
  'contacts_tallies_before_delete',
  'campaigns_reach_before_delete',
];

export type Dialect = { upsert: (conflict: string, set: string) => string };

export const mysqlDialect: Dialect = { upsert: (_conflict, set) => `on duplicate key update ${set.replace(/excluded\.(\w+)/g, 'values($1)')}` };
export const sqliteDialect: Dialect = { upsert: (conflict, set) => `on conflict(${conflict}) do update set ${set}` };

/** Adds `n` (+1 or -1) to the reach row of (campaign, contact) for `side` (donations or pledges); a row at zero is removed. */
function reach(d: Dialect, side: 'donations' | 'pledges', row: 'new' | 'old', n: 1 | -1): string {
  if (n === 1) {
    return `insert into campaign_reach (campaign_id, contact_id, account_id, contact_status, donations, pledges)
              select ${row}.campaign_id, c.id, c.account_id, c.status, ${side === 'donations' ? 1 : 0}, ${side === 'pledges' ? 1 : 0}
                from contacts c where c.id = ${row}.contact_id and ${row}.campaign_id is not null
              ${d.upsert('campaign_id, contact_id', `${side} = ${side} + 1`)};`;
  }
  return `update campaign_reach set ${side} = ${side} - 1 where campaign_id = ${row}.campaign_id and contact_id = ${row}.contact_id;
          delete from campaign_reach where campaign_id = ${row}.campaign_id and contact_id = ${row}.contact_id and donations <= 0 and pledges <= 0;`;
}

function campaignTally(d: Dialect, row: 'new' | 'old', n: 1 | -1): string {
  return `insert into campaign_contact_tallies (campaign_id, contact_status, account_id, contacts)
            values (${row}.campaign_id, ${row}.contact_status, ${row}.account_id, ${n})
          ${d.upsert('campaign_id, contact_status', 'contacts = contacts + excluded.contacts')};`;
}

function accountTally(d: Dialect, row: 'new' | 'old', n: 1 | -1): string {
  return `insert into account_contact_tallies (account_id, contact_status, contacts, total_donated)
            values (${row}.account_id, ${row}.status, ${n}, ${n === 1 ? '' : '-'}coalesce(${row}.total_donated, 0))
          ${d.upsert('account_id, contact_status', 'contacts = contacts + excluded.contacts, total_donated = total_donated + excluded.total_donated')};`;
}

/** [name, table, timing+event, the columns whose change matters (updates only), body]. */
export type TriggerSpec = [string, string, string, string[], string];

/**
 * Creates one trigger; `unless` is a condition under which it does nothing (a later migration's,
 * 20261127150000_reach_paused_for_moves).
 */
export async function createTrigger(knex: Knex, [name, table, when, columns, body]: TriggerSpec, unless?: string): Promise<void> {
  if (isMysql(knex)) {
    const changed = columns.map((c) => `not (new.${c} <=> old.${c})`).join(' or ');
    const condition = [changed && `(${changed})`, unless && `not (${unless})`].filter(Boolean).join(' and ');
    await knex.raw(`create trigger ${name} ${when} on ${table} for each row begin ${condition ? `if ${condition} then ${body} end if;` : body} end`);
  } else {
    const of = columns.length > 0 ? ` of ${columns.join(', ')}` : '';
    const changed = columns.map((c) => `new.${c} is not old.${c}`).join(' or ');
    const condition = [changed && `(${changed})`, unless && `not (${unless})`].filter(Boolean).join(' and ');
    await knex.raw(`create trigger ${name} ${when}${of} on ${table} ${condition ? `when ${condition} ` : ''}begin ${body} end`);
  }
}

export function triggers(d: Dialect): TriggerSpec[] {
  const sides = (['donations', 'pledges'] as const).flatMap((side): TriggerSpec[] => [
    [`${side}_reach_after_insert`, side, 'after insert', [], reach(d, side, 'new', 1)],
    [`${side}_reach_after_update`, side, 'after update', ['campaign_id', 'contact_id'], reach(d, side, 'old', -1) + reach(d, side, 'new', 1)],
    [`${side}_reach_after_delete`, side, 'after delete', [], reach(d, side, 'old', -1)],
  ]);
  return [
    ...sides,
    ['campaign_reach_after_insert', 'campaign_reach', 'after insert', [], campaignTally(d, 'new', 1)],
    ['campaign_reach_after_update', 'campaign_reach', 'after update', ['contact_status'], campaignTally(d, 'old', -1) + campaignTally(d, 'new', 1)],
    ['campaign_reach_after_delete', 'campaign_reach', 'after delete', [], campaignTally(d, 'old', -1)],
    ['contacts_tallies_after_insert', 'contacts', 'after insert', [], accountTally(d, 'new', 1)],
    [
      'contacts_tallies_after_update',
      'contacts',
      'after update',
      ['status', 'total_donated'],
      accountTally(d, 'old', -1) +
        accountTally(d, 'new', 1) +
        'update campaign_reach set contact_status = new.status where contact_id = new.id and contact_status <> new.status;',
    ],
    ['contacts_tallies_before_delete', 'contacts', 'before delete', [], accountTally(d, 'old', -1) + 'delete from campaign_reach where contact_id = old.id;'],
    [
      'campaigns_reach_before_delete',
      'campaigns',
      'before delete',
      [],
      'delete from campaign_reach where campaign_id = old.id; delete from campaign_contact_tallies where campaign_id = old.id;',
    ],
  ];
}

async function backfill(knex: Knex, d: Dialect): Promise<void> {
  // Per (campaign, contact): donations and pledges counted apart, then merged.
  for (const side of ['donations', 'pledges'] as const) {
    await knex.raw(
      `insert into campaign_reach (campaign_id, contact_id, account_id, contact_status, donations, pledges)
         select x.campaign_id, c.id, c.account_id, c.status, ${side === 'donations' ? 'count(*), 0' : '0, count(*)'}
           from ${side} x join contacts c on c.id = x.contact_id
          where x.campaign_id is not null
          group by x.campaign_id, c.id, c.account_id, c.status
       ${d.upsert('campaign_id, contact_id', `${side} = excluded.${side}`)}`,
    );
  }
  await knex.raw(
    `insert into campaign_contact_tallies (campaign_id, contact_status, account_id, contacts)
       select campaign_id, contact_status, account_id, count(*) from campaign_reach group by campaign_id, contact_status, account_id`,
  );
  await knex.raw(
    `insert into account_contact_tallies (account_id, contact_status, contacts, total_donated)
       select account_id, status, count(*), coalesce(sum(total_donated), 0) from contacts group by account_id, status`,
  );
}

export async function up(knex: Knex): Promise<void> {
  const mysql = isMysql(knex);
  await createTable(knex, 'campaign_reach', (t) => {
    t.string('campaign_id', 36).notNullable().references('id').inTable('campaigns').onDelete('CASCADE');
    t.string('contact_id', 36).notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    accountColumn(t);
    t.string('contact_status', 16).notNullable();
    t.integer('donations').notNullable().defaultTo(0);
    t.integer('pledges').notNullable().defaultTo(0);
    t.primary(['campaign_id', 'contact_id']);
    t.index(['contact_id'], 'campaign_reach_contact_idx');
  });
  await createTable(knex, 'campaign_contact_tallies', (t) => {
    t.string('campaign_id', 36).notNullable().references('id').inTable('campaigns').onDelete('CASCADE');
    t.string('contact_status', 16).notNullable();
    accountColumn(t);
    t.integer('contacts').notNullable().defaultTo(0);
    t.primary(['campaign_id', 'contact_status']);
  });
  await createTable(knex, 'account_contact_tallies', (t) => {
    accountColumn(t);
    t.string('contact_status', 16).notNullable();
    t.integer('contacts').notNullable().defaultTo(0);
    money(t, 'total_donated').notNullable().defaultTo(0);
    t.primary(['account_id', 'contact_status']);
  });

  const d = mysql ? mysqlDialect : sqliteDialect;
  await backfill(knex, d);
  for (const spec of triggers(d)) await createTrigger(knex, spec);
}

export async function down(knex: Knex): Promise<void> {
  for (const trigger of TRIGGERS) await knex.raw(`drop trigger if exists ${trigger}`);
  for (const table of ['account_contact_tallies', 'campaign_contact_tallies', 'campaign_reach']) await knex.schema.dropTableIfExists(table);
}
