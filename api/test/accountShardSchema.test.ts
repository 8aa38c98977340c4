import type { Knex } from 'knex';
import { engineOf } from '../src/db/knex';
import { createTestDb, type TestDb } from './support/testDb';

// Sharding by account (docs/adr/0013-capacity-and-scale-out.md "Past one primary's writes"): every
// table either carries account_id (the sharding key) or hangs, through a NOT NULL foreign key, under
// a table that does, so each of its rows lives in the shard of one account. The few tables that belong
// to no account are listed below with why; they go to an unsharded keyspace, and so does whatever
// hangs under them. Read from the migrated schema itself (columns and foreign keys, both engines), so
// a new table cannot be added without a place.

/** Tables of no account, and why. Kept short: a table of an account's data never belongs here. */
const GLOBAL_TABLES: Record<string, string> = {
  plans: 'the price list every account refers to: a reference table copied to every shard',
  users: 'a person signs in once and may belong to several accounts (memberships), so no one shard holds them',
  login_attempts: 'per-IP and per-email sign-in counters, counted before anyone is known to belong to an account',
  signup_restarts: 'a signup not finished yet: the account does not exist until it is',
  webhook_events: "the billing provider's events, deduplicated by the provider's id before they are matched to an account",
  contact_messages: 'the public contact form of the marketing site, sent by visitors of no account',
  email_outbox: 'mail queued for delivery, also to people of no account (signup, password reset)',
  knex_migrations: 'the schema version, one per database',
  knex_migrations_lock: 'the migration lock, one per database',
};

type Schema = Map<string, { columns: Set<string>; parents: Array<{ column: string; table: string; nullable: boolean }> }>;

async function readSchema(knex: Knex): Promise<Schema> {
  const schema: Schema = new Map();
  if (engineOf(knex) === 'mysql') {
    const [columns] = (await knex.raw(
      'select table_name as t, column_name as c, is_nullable as n from information_schema.columns where table_schema = database()',
    )) as [Array<{ t: string; c: string; n: string }>];
    for (const row of columns) {
      if (!schema.has(row.t)) schema.set(row.t, { columns: new Set(), parents: [] });
      schema.get(row.t)!.columns.add(row.c);
    }
    const nullable = new Set(columns.filter((row) => row.n === 'YES').map((row) => `${row.t}.${row.c}`));
    const [keys] = (await knex.raw(
      `select table_name as t, column_name as c, referenced_table_name as p from information_schema.key_column_usage
        where table_schema = database() and referenced_table_name is not null`,
    )) as [Array<{ t: string; c: string; p: string }>];
    for (const row of keys) schema.get(row.t)!.parents.push({ column: row.c, table: row.p, nullable: nullable.has(`${row.t}.${row.c}`) });
    return schema;
  }
  const tables = (await knex.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")) as Array<{ name: string }>;
  for (const { name } of tables) {
    const columns = (await knex.raw(`pragma table_info(${JSON.stringify(name)})`)) as Array<{ name: string; notnull: number }>;
    const keys = (await knex.raw(`pragma foreign_key_list(${JSON.stringify(name)})`)) as Array<{ table: string; from: string }>;
    const notNull = new Set(columns.filter((c) => c.notnull).map((c) => c.name));
    schema.set(name, {
      columns: new Set(columns.map((c) => c.name)),
      parents: keys.map((k) => ({ column: k.from, table: k.table, nullable: !notNull.has(k.from) })),
    });
  }
  return schema;
}

/** Where each table's rows live: 'account' (carries account_id, or hangs under a table that does), 'global', or null (nowhere). */
function placements(schema: Schema): Map<string, { place: 'account' | 'global' | null; via: string }> {
  const placed = new Map<string, { place: 'account' | 'global' | null; via: string }>();
  for (const [table, { columns }] of schema) {
    if (table === 'accounts') placed.set(table, { place: 'account', via: 'its id is the sharding key' });
    else if (columns.has('account_id')) placed.set(table, { place: 'account', via: 'account_id' });
    else if (table in GLOBAL_TABLES) placed.set(table, { place: 'global', via: 'allow-list' });
  }
  // Hanging under a placed table by a NOT NULL foreign key places a table with it, transitively.
  for (let changed = true; changed;) {
    changed = false;
    for (const [table, { parents }] of schema) {
      if (placed.has(table)) continue;
      // An account's parent first: a row under both a contact and a user lives with the contact.
      const candidates = parents.filter((p) => !p.nullable && placed.get(p.table)?.place);
      const parent = candidates.find((p) => placed.get(p.table)!.place === 'account') ?? candidates[0];
      if (parent) {
        placed.set(table, { place: placed.get(parent.table)!.place, via: `${parent.column} -> ${parent.table}` });
        changed = true;
      }
    }
  }
  for (const table of schema.keys())
    if (!placed.has(table)) placed.set(table, { place: null, via: 'no account_id, no NOT NULL foreign key to a placed table, not allow-listed' });
  return placed;
}

describe('a schema that shards by account', () => {
  let db: TestDb;
  let schema: Schema;

  beforeAll(async () => {
    db = await createTestDb();
    schema = await readSchema(db.knex);
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('gives every table a place: it carries account_id, hangs under a table that does, or is allow-listed as global', () => {
    const nowhere = [...placements(schema)].filter(([, p]) => p.place === null).map(([table, p]) => `${table}: ${p.via}`);
    expect(nowhere).toEqual([]);
  });

  it('keeps the allow-list to tables that exist and carry no account_id (an account table listed as global would hide its data from its shard)', () => {
    for (const table of Object.keys(GLOBAL_TABLES)) {
      expect({ table, exists: schema.has(table), accountId: schema.get(table)?.columns.has('account_id') ?? false }).toEqual({
        table,
        exists: true,
        accountId: false,
      });
    }
  });

  it('places the tables of the two kinds as the design says', () => {
    const placed = placements(schema);
    // Data of an account, directly or by their parent.
    for (const table of ['contacts', 'donations', 'campaigns', 'sessions', 'memberships', 'audit_log', 'contact_list_members'])
      expect({ table, place: placed.get(table)?.place }).toEqual({ table, place: 'account' });
    // Of a user, who is global: these hang under users.
    for (const table of ['password_resets', 'two_factor_recovery_codes'])
      expect({ table, place: placed.get(table)?.place }).toEqual({ table, place: 'global' });
  });

  it('finds a table of no account that is not allow-listed (the check itself works)', () => {
    const withStray: Schema = new Map(schema);
    withStray.set('stray_cache', { columns: new Set(['id', 'payload']), parents: [] });
    withStray.set('stray_child', { columns: new Set(['id', 'contact_id']), parents: [{ column: 'contact_id', table: 'contacts', nullable: true }] });
    const placed = placements(withStray);
    expect(placed.get('stray_cache')?.place).toBeNull();
    // A nullable foreign key does not place a row: one without a parent would have no shard.
    expect(placed.get('stray_child')?.place).toBeNull();
  });
});
