import { createTestDb, type TestDb } from '../../test/support/testDb';
import { camelizeResult, toCamel, toSnake } from './naming';

describe('identifier mapping', () => {
  it('converts between camelCase and snake_case and round-trips', () => {
    expect(toSnake('accountId')).toBe('account_id');
    expect(toSnake('addressLine1')).toBe('address_line1');
    expect(toSnake('isMajorDonor')).toBe('is_major_donor');
    expect(toSnake('already_snake')).toBe('already_snake');
    expect(toSnake('*')).toBe('*');
    expect(toCamel('street_address1')).toBe('streetAddress1');
    expect(toCamel('name')).toBe('name');
    for (const name of ['firstName', 'zipCode', 'streetAddress2', 'taxDeductibleAmount', 'recordsTotal']) {
      expect(toCamel(toSnake(name))).toBe(name);
    }
  });

  it('renames result rows: every row of an array, nested arrays, and names that are no identifiers', () => {
    const rows = [
      { first_name: 'Ada', 'weird "name"\n': 1, total_cents: 2 },
      { first_name: 'Grace', 'weird "name"\n': 3, total_cents: 4 },
    ];
    expect(camelizeResult(rows)).toEqual([
      { firstName: 'Ada', 'weird "name"\n': 1, totalCents: 2 },
      { firstName: 'Grace', 'weird "name"\n': 3, totalCents: 4 },
    ]);
    // A raw MariaDB result: [rows, fields]; the fields are class instances and stay as they are.
    class Field {
      name = 'first_name';
    }
    const field = new Field();
    expect(camelizeResult([[{ first_name: 'Ada' }], [field]])).toEqual([[{ firstName: 'Ada' }], [field]]);
    expect(camelizeResult({ account_id: 'a' })).toEqual({ accountId: 'a' });
    expect(camelizeResult([])).toEqual([]);
    expect(camelizeResult([1, 'x', null])).toEqual([1, 'x', null]);
    // A column aliased __proto__ never becomes the row's prototype.
    const renamed = camelizeResult([JSON.parse('{"__proto__": {"polluted": true}, "a_b": 1}')]) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(renamed[0])).toBe(Object.prototype);
    expect(Object.keys(renamed[0])).toEqual([toCamel('__proto__'), 'aB']);
    expect((renamed[0] as { polluted?: unknown }).polluted).toBeUndefined();
  });

  describe('through knex', () => {
    let db: TestDb;
    const now = new Date('2026-01-02T03:04:05.678Z');
    const stamp = { createdAt: now, updatedAt: now };

    beforeAll(async () => {
      db = await createTestDb();
      await db.knex('accounts').insert({ id: 'acc-1', name: 'Acme', organizationType: 'nonprofit', planId: 'team', ...stamp });
      await db.knex('contacts').insert([
        // Multi-row inserts list the same keys in every row: SQLite fills a missing key with NULL, not DEFAULT.
        {
          id: 'c-1',
          accountId: 'acc-1',
          firstName: 'Ada',
          lastName: 'Lovelace',
          addressLine1: '1 Main St',
          tags: '["board_member"]',
          isMajorDonor: false,
          ...stamp,
        },
        { id: 'c-2', accountId: 'acc-1', firstName: 'Grace', lastName: 'Hopper', addressLine1: null, tags: null, isMajorDonor: true, ...stamp },
      ]);
    });

    afterAll(async () => {
      await db.destroy();
    });

    it('writes and reads camelCase keys, leaving values alone', async () => {
      const row = await db.knex('contacts').where({ accountId: 'acc-1', firstName: 'Ada' }).first();
      expect(row).toMatchObject({ id: 'c-1', accountId: 'acc-1', firstName: 'Ada', lastName: 'Lovelace', addressLine1: '1 Main St' });
      // JSON text is a value: its inner keys are not renamed.
      expect(row.tags).toBe('["board_member"]');
      expect(Object.keys(row).some((k) => k.includes('_'))).toBe(false);
    });

    it('maps selects, aliases, ordering, updates, aggregates, joins and pluck', async () => {
      await db.knex('contacts').where({ id: 'c-2' }).update({ zipCode: '60601' });
      const rows = await db
        .knex('contacts as c')
        .join('accounts as a', 'a.id', 'c.accountId')
        .select('c.firstName', 'c.zipCode', { accountName: 'a.name' })
        .orderBy('c.lastName', 'asc');
      expect(rows).toEqual([
        { firstName: 'Grace', zipCode: '60601', accountName: 'Acme' },
        { firstName: 'Ada', zipCode: null, accountName: 'Acme' },
      ]);
      const [{ majorDonors }] = await db.knex('contacts').where({ isMajorDonor: true }).count({ majorDonors: '*' });
      expect(Number(majorDonors)).toBe(1);
      expect(await db.knex('contacts').orderBy('firstName').pluck('firstName')).toEqual(['Ada', 'Grace']);
      const inTrx = await db.knex.transaction((trx) => trx('contacts').orderBy('lastName').pluck('lastName'));
      expect(inTrx).toEqual(['Hopper', 'Lovelace']);
    });

    it('renames the keys of raw query rows on both engines', async () => {
      const result = await db.knex.raw('select first_name, last_name from contacts where id = ?', ['c-1']);
      const rows = db.engine === 'mysql' ? result[0] : result;
      expect(rows).toEqual([{ firstName: 'Ada', lastName: 'Lovelace' }]);
    });
  });
});
