import type { Knex } from 'knex';
import { createTestDb, type TestDb } from '../../test/support/testDb';
import { compiledQuery } from './compiledQuery';

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
  await db.knex.schema.createTable('compiled_probe', (t) => {
    t.integer('id').primary();
    t.string('owner_name', 50).notNullable();
    t.string('kind', 20).notNullable();
  });
  await db
    .knex('compiled_probe')
    .insert(Array.from({ length: 10 }, (_, i) => ({ id: i, ownerName: i % 2 === 0 ? 'even' : 'odd', kind: i < 5 ? 'low' : 'high' })));
});

afterAll(async () => {
  await db.knex.schema.dropTableIfExists('compiled_probe');
  await db.destroy();
});

describe('compiledQuery', () => {
  function page(params: { ownerName: string; limit: number; offset: number }): Knex.QueryBuilder {
    return db
      .knex('compiled_probe')
      .where('ownerName', params.ownerName)
      .whereNot('kind', 'none')
      .select('id', 'ownerName')
      .orderBy('id', 'desc')
      .limit(params.limit)
      .offset(params.offset);
  }

  it('answers what the builder answers, for each run’s values, with the constants of the statement kept', async () => {
    const compiled = compiledQuery<{ ownerName: string; limit: number; offset: number }, { id: number; ownerName: string }>(db.knex, page);
    for (const params of [
      { ownerName: 'even', limit: 2, offset: 0 },
      { ownerName: 'odd', limit: 3, offset: 1 },
      { ownerName: 'even', limit: 10, offset: 4 },
      { ownerName: 'nobody', limit: 5, offset: 0 },
    ]) {
      expect(await compiled.rows(params)).toEqual(await page(params));
    }
    expect(await compiled.first({ ownerName: 'odd', limit: 5, offset: 0 })).toEqual({ id: 9, ownerName: 'odd' });
    expect(await compiled.first({ ownerName: 'nobody', limit: 5, offset: 0 })).toBeUndefined();
  });

  it('sends the SQL text the builder compiles, once compiled', async () => {
    const compiled = compiledQuery<{ ownerName: string; limit: number; offset: number }>(db.knex, page);
    const sent: string[] = [];
    const listener = (query: { sql: string }) => sent.push(query.sql);
    db.knex.on('query', listener);
    try {
      await compiled.rows({ ownerName: 'even', limit: 2, offset: 1 });
      await compiled.rows({ ownerName: 'odd', limit: 3, offset: 2 });
    } finally {
      db.knex.off('query', listener);
    }
    expect(sent).toEqual([page({ ownerName: 'even', limit: 2, offset: 1 }).toSQL().sql, page({ ownerName: 'even', limit: 2, offset: 1 }).toSQL().sql]);
  });

  it('refuses a statement a parameter never reaches as a binding', async () => {
    const compiled = compiledQuery<{ ownerName: string; unused: string }>(db.knex, (params) => db.knex('compiled_probe').where('ownerName', params.ownerName));
    await expect(compiled.rows({ ownerName: 'even', unused: 'x' })).rejects.toThrow('unused never reached the SQL as a binding');
  });
});
