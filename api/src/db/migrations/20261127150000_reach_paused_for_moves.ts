import type { Knex } from 'knex';
import { accountColumn, createTable, isMysql } from './schema';
import { createTrigger, mysqlDialect, sqliteDialect, triggers, type TriggerSpec } from './20261123150000_dashboard_tallies';

// A merge of duplicate donors moves thousands of gifts from one contact to another at once. The
// campaign-reach triggers of 20261123150000_dashboard_tallies follow each donation and pledge row:
// three statements per moved row, about half of a merge of 2 x 1,000 gifts. A transaction that moves
// rows in bulk writes a row here for its own connection; while the row is there, the reach triggers
// of donations and pledges do nothing for that connection, and the mover recounts the reach rows of
// the contacts it touched in two statements (api/src/modules/ledger/reach.ts). The row is written and
// removed inside the mover's transaction, so a failure rolls it back with the rest: no pause outlives
// its transaction, and no other transaction sees it (an uncommitted row). On MariaDB it is keyed by
// CONNECTION_ID(), so movers on several connections each write their own; SQLite has one writer.

const PAUSED_FOR_THIS_CONNECTION: Record<'mysql' | 'sqlite', string> = {
  mysql: 'exists (select 1 from campaign_reach_paused where connection_id = connection_id())',
  sqlite: 'exists (select 1 from campaign_reach_paused)',
};

function reachTriggersOfMoney(knex: Knex): TriggerSpec[] {
  return triggers(isMysql(knex) ? mysqlDialect : sqliteDialect).filter(([, table]) => table === 'donations' || table === 'pledges');
}

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'campaign_reach_paused', (t) => {
    t.bigInteger('connection_id').notNullable().primary();
    accountColumn(t);
  });
  const unless = PAUSED_FOR_THIS_CONNECTION[isMysql(knex) ? 'mysql' : 'sqlite'];
  for (const spec of reachTriggersOfMoney(knex)) {
    await knex.raw(`drop trigger if exists ${spec[0]}`);
    await createTrigger(knex, spec, unless);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const spec of reachTriggersOfMoney(knex)) {
    await knex.raw(`drop trigger if exists ${spec[0]}`);
    await createTrigger(knex, spec);
  }
  await knex.schema.dropTableIfExists('campaign_reach_paused');
}
