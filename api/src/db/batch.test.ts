import { createTestDb, type TestDb } from '../../test/support/testDb';
import { insertInBatches } from './batch';

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
  await db.knex.schema.createTable('batch_probe', (t) => {
    t.integer('id').primary();
    t.string('display_name', 50).notNullable();
    t.decimal('amount', 14, 2).nullable();
  });
});

afterAll(async () => {
  await db.knex.schema.dropTableIfExists('batch_probe');
  await db.destroy();
});

beforeEach(() => db.knex('batch_probe').delete());

describe('insertInBatches', () => {
  it('writes every row once, keys in any order, camelCase names to snake_case columns, across statements of many rows', async () => {
    // 2,500 rows of three columns: three statements of up to 1,000 rows (more than SQLite's 500-term
    // compound SELECT that knex's own multi-row insert is limited to there).
    const rows = Array.from({ length: 2500 }, (_, i) =>
      i % 2 === 0 ? { id: i, displayName: `Donor ${i}`, amount: i % 7 === 0 ? null : '12.34' } : { amount: '0.01', displayName: `Donor ${i}`, id: i },
    );
    await insertInBatches(db.knex, 'batch_probe', rows);
    const stored = await db.knex('batch_probe').orderBy('id').select('id', 'displayName', 'amount');
    expect(stored).toHaveLength(2500);
    expect(stored[0]).toMatchObject({ id: 0, displayName: 'Donor 0', amount: null });
    expect(stored[1]).toMatchObject({ id: 1, displayName: 'Donor 1' });
    expect(Number(stored[1].amount)).toBe(0.01);
    expect(Number(stored[2].amount)).toBe(12.34);
    expect(stored[2499].displayName).toBe('Donor 2499');
  });

  it('refuses rows whose columns differ, or a value left undefined, before writing anything', async () => {
    await expect(
      insertInBatches(db.knex, 'batch_probe', [
        { id: 1, displayName: 'A', amount: null },
        { id: 2, displayName: 'B' },
      ]),
    ).rejects.toThrow(/different columns/);
    await expect(insertInBatches(db.knex, 'batch_probe', [{ id: 1, displayName: 'A', amount: undefined }])).rejects.toThrow(/amount is undefined/);
    expect(await db.knex('batch_probe').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });
});
