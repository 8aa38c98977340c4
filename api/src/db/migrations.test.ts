import type { Knex } from 'knex';
import { createTestDb, type TestDb } from '../../test/support/testDb';
import { ACCOUNT_DATA_TABLES, ALL_TABLES, MYSQL_ACCOUNT_DATA_TABLES, PLATFORM_TABLES, appliedMigrations, migrateLatest, rollbackAll } from '.';
import { migrations } from './migrations';
import { createAccountWithUser, insertContact } from '../../test/helpers/fixtures';
import { newId } from '../lib/ids';

async function listTables(knex: Knex, engine: string): Promise<string[]> {
  if (engine === 'mysql') {
    const rows = (await knex('information_schema.tables').where('table_schema', knex.raw('database()')).select({ name: 'table_name' })) as Array<{
      name: string;
    }>;
    return rows.map((r) => r.name).sort();
  }
  const rows = (await knex('sqlite_master').where('type', 'table').whereNot('name', 'like', 'sqlite_%').select('name')) as Array<{ name: string }>;
  return rows.map((r) => r.name).sort();
}

describe('migrations', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb();
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('applies every listed migration, in order', async () => {
    expect(await appliedMigrations(db.knex)).toEqual(migrations.map((m) => m.name));
    // Dated names sort in the order they are listed.
    const names = migrations.map((m) => m.name);
    expect([...names].sort()).toEqual(names);
  });

  it('creates every table of the data model and nothing unclassified', async () => {
    const tables = await listTables(db.knex, db.engine);
    const engineTables = db.engine === 'mysql' ? MYSQL_ACCOUNT_DATA_TABLES : [];
    const expected = [...ALL_TABLES, ...engineTables, 'knex_migrations', 'knex_migrations_lock'].sort();
    expect(tables).toEqual(expected);
  });

  it('gives every table of account data a NOT NULL account_id', async () => {
    for (const table of [...ACCOUNT_DATA_TABLES, ...(db.engine === 'mysql' ? MYSQL_ACCOUNT_DATA_TABLES : [])]) {
      const info = (await db.knex(table).columnInfo()) as Record<string, { nullable: boolean }>;
      expect({ table, column: info.accountId ? 'present' : 'missing' }).toEqual({ table, column: 'present' });
      expect({ table, nullable: info.accountId.nullable }).toEqual({ table, nullable: false });
    }
    for (const table of PLATFORM_TABLES) {
      expect(await db.knex.schema.hasTable(table)).toBe(true);
    }
  });

  it('seeds the four plans of the specification', async () => {
    const plans = await db.knex('plans').orderBy('sortOrder').select('id', 'name', 'priceMonthly', 'users', 'popular');
    expect(plans.map((p) => ({ ...p, priceMonthly: Number(p.priceMonthly), popular: Boolean(p.popular) }))).toEqual([
      { id: 'starter', name: 'Starter', priceMonthly: 100, users: 1, popular: false },
      { id: 'growth', name: 'Growth', priceMonthly: 200, users: 2, popular: true },
      { id: 'team', name: 'Team', priceMonthly: 300, users: 5, popular: false },
      { id: 'organization', name: 'Organization', priceMonthly: 500, users: 10, popular: false },
    ]);
  });

  it('enforces foreign keys and cascades contact children', async () => {
    const now = new Date();
    const stamp = { createdAt: now, updatedAt: now };
    await db.knex('accounts').insert({ id: 'acc-fk', name: 'FK', organizationType: 'political', planId: 'starter', ...stamp });
    // Caught by hand: driver errors come from the main realm, which jest's toThrow does not always accept.
    let failure = '';
    try {
      await db.knex('contacts').insert({ id: 'c-bad', accountId: 'no-such-account', ...stamp });
    } catch (err) {
      failure = String((err as Error).message);
    }
    expect(failure).toMatch(/foreign key/i);
    await db.knex('contacts').insert({ id: 'c-1', accountId: 'acc-fk', firstName: 'Ada', ...stamp });
    await db.knex('contact_phone_numbers').insert({
      id: 'p-1',
      accountId: 'acc-fk',
      contactId: 'c-1',
      phoneNumber: '(312) 555-0100',
      ...stamp,
    });
    const contact = await db.knex('contacts').where({ id: 'c-1' }).first();
    expect(contact.country).toBe('US');
    expect(contact.status).toBe('active');
    await db.knex('contacts').where({ id: 'c-1' }).del();
    expect(await db.knex('contact_phone_numbers').where({ contactId: 'c-1' })).toHaveLength(0);
  });

  it('is idempotent and can roll everything back and forward again', async () => {
    await migrateLatest(db.knex);
    await rollbackAll(db.knex);
    expect(await db.knex.schema.hasTable('contacts')).toBe(false);
    expect(await db.knex.schema.hasTable('plans')).toBe(false);
    await migrateLatest(db.knex);
    expect(await appliedMigrations(db.knex)).toHaveLength(migrations.length);
  });

  it('fills the donation roll-ups from the donations stored before the migration that creates them', async () => {
    await migrateLatest(db.knex);
    const { accountId } = await createAccountWithUser(db.knex);
    const contactId = await insertContact(db.knex, accountId);
    const now = new Date();
    for (const amount of [25, 100.5]) {
      await db.knex('donations').insert({
        id: newId(),
        accountId,
        contactId,
        donationAmount: amount,
        donationDate: '2026-03-02',
        paymentMethod: 'cash',
        status: 'completed',
        createdAt: now,
        updatedAt: now,
      });
    }
    // A database from before the roll-ups: their tables gone and their migration not yet applied.
    await db.knex.schema.dropTable('donor_years');
    await db.knex.schema.dropTable('donation_amount_days');
    await db.knex.schema.dropTable('donation_day_totals');
    await db.knex('knex_migrations').where('name', '20261125150000_donation_rollups').delete();

    await migrateLatest(db.knex);

    const day = await db.knex('donation_day_totals').where({ accountId }).first('amountCents', 'gifts');
    expect([Number(day.amountCents), Number(day.gifts)]).toEqual([12550, 2]);
    const lifetime = await db.knex('donor_years').where({ accountId, contactId, scope: '', year: 0 }).first('amountCents', 'gifts');
    expect([Number(lifetime.amountCents), Number(lifetime.gifts)]).toEqual([12550, 2]);
  });
});
