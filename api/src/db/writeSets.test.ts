import { createTestDb, type TestDb } from '../../test/support/testDb';
import { batchSizeWithinWriteSet, galeraMaxWriteSetRows, MAX_ROWS_WRITTEN_PER_IMPORTED_ROW } from './writeSets';

describe('batch sizes within a Galera write set', () => {
  it('keeps the configured size when the node sets no bound', () => {
    expect(batchSizeWithinWriteSet(1000, null)).toBe(1000);
    expect(batchSizeWithinWriteSet(1000, 0)).toBe(1000);
  });

  it('lowers a batch whose rows could pass wsrep_max_ws_rows, never below one row', () => {
    expect(batchSizeWithinWriteSet(10_000, 100_000)).toBe(Math.floor(100_000 / MAX_ROWS_WRITTEN_PER_IMPORTED_ROW));
    expect(batchSizeWithinWriteSet(10_000, 100_000) * MAX_ROWS_WRITTEN_PER_IMPORTED_ROW).toBeLessThanOrEqual(100_000);
    expect(batchSizeWithinWriteSet(10, 100_000)).toBe(10);
    expect(batchSizeWithinWriteSet(1000, 10)).toBe(1);
  });

  describe('on the test database', () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await createTestDb();
    });
    afterAll(async () => {
      await db.destroy();
    });

    it('reads no bound from a server that is not a Galera node', async () => {
      expect(await galeraMaxWriteSetRows(db.knex)).toBeNull();
    });
  });
});
