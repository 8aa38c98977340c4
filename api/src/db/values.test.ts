import { createTestDb, type TestDb } from '../../test/support/testDb';
import { fromJsonText, nowUtc, toBool, toInt, toIsoDate, toIsoDateTime, toJsonArray, toJsonObject, toJsonText, toMoney, toMoneyOrNull } from './values';

describe('value readers', () => {
  it('toIsoDateTime accepts Date, epoch milliseconds and strings', () => {
    const iso = '2026-03-04T05:06:07.089Z';
    expect(toIsoDateTime(new Date(iso))).toBe(iso);
    expect(toIsoDateTime(Date.parse(iso))).toBe(iso);
    expect(toIsoDateTime(String(Date.parse(iso)))).toBe(iso);
    expect(toIsoDateTime(iso)).toBe(iso);
    expect(toIsoDateTime('2026-03-04 05:06:07')).toBe('2026-03-04T05:06:07.000Z');
    expect(toIsoDateTime(null)).toBeNull();
    expect(toIsoDateTime(undefined)).toBeNull();
    expect(toIsoDateTime('')).toBeNull();
    expect(toIsoDateTime('garbage')).toBeNull();
  });

  it('toIsoDate yields YYYY-MM-DD without shifting calendar dates', () => {
    expect(toIsoDate('2026-12-31')).toBe('2026-12-31');
    expect(toIsoDate('2026-12-31T23:30:00.000Z')).toBe('2026-12-31');
    expect(toIsoDate(new Date('2026-01-01T00:00:00.000Z'))).toBe('2026-01-01');
    expect(toIsoDate(Date.UTC(2026, 1, 3))).toBe('2026-02-03');
    expect(toIsoDate(null)).toBeNull();
  });

  it('toBool, toMoney, toInt normalise driver differences', () => {
    expect([toBool(1), toBool(0), toBool(true), toBool('1'), toBool('false'), toBool(null)]).toEqual([true, false, true, true, false, false]);
    expect(toMoney(1.005)).toBe(1.01);
    expect(toMoney('12.5')).toBe(12.5);
    expect(toMoney(0.1 + 0.2)).toBe(0.3);
    expect(toMoney(null)).toBe(0);
    expect(toMoney('x')).toBe(0);
    expect(toMoneyOrNull(null)).toBeNull();
    expect(toMoneyOrNull('7')).toBe(7);
    expect(toInt('42')).toBe(42);
    expect(toInt(BigInt(7))).toBe(7);
  });

  it('reads JSON text columns defensively', () => {
    expect(toJsonArray('["a","b"]')).toEqual(['a', 'b']);
    expect(toJsonArray<number>('[25,50]')).toEqual([25, 50]);
    expect(toJsonArray(null)).toEqual([]);
    expect(toJsonArray('{"a":1}')).toEqual([]);
    expect(toJsonArray('not json')).toEqual([]);
    expect(toJsonObject('{"firstName":"First"}')).toEqual({ firstName: 'First' });
    expect(toJsonObject('[1]')).toEqual({});
    expect(fromJsonText('[1,2]')).toEqual([1, 2]);
    expect(fromJsonText('bad')).toBeNull();
    expect(toJsonText(['x'])).toBe('["x"]');
    expect(nowUtc()).toBeInstanceOf(Date);
  });

  describe('round trip through the database', () => {
    let db: TestDb;

    beforeAll(async () => {
      db = await createTestDb();
    });

    afterAll(async () => {
      await db.destroy();
    });

    it('stores datetimes with milliseconds, dates, booleans, money and JSON the same way on each engine', async () => {
      const created = new Date('2026-05-06T07:08:09.123Z');
      await db.knex('accounts').insert({
        id: 'acc-v',
        name: 'Values',
        organizationType: 'other',
        planId: 'starter',
        createdAt: created,
        updatedAt: created,
      });
      await db.knex('contacts').insert({
        id: 'c-v',
        accountId: 'acc-v',
        birthDate: '1980-02-29',
        totalDonated: 1234.56,
        isVolunteer: true,
        tags: toJsonText(['donor', 'volunteer']),
        createdAt: created,
        updatedAt: created,
      });
      const row = await db.knex('contacts').where({ id: 'c-v' }).first();
      expect(toIsoDateTime(row.createdAt)).toBe('2026-05-06T07:08:09.123Z');
      expect(toIsoDate(row.birthDate)).toBe('1980-02-29');
      expect(toMoney(row.totalDonated)).toBe(1234.56);
      expect(typeof row.totalDonated).toBe('number');
      expect(toBool(row.isVolunteer)).toBe(true);
      expect(toBool(row.isBoardMember)).toBe(false);
      expect(toJsonArray(row.tags)).toEqual(['donor', 'volunteer']);

      // Datetime comparisons work with Date bindings on both engines.
      const later = await db.knex('contacts').where('createdAt', '>', new Date('2026-05-06T07:08:09.000Z')).pluck('id');
      expect(later).toEqual(['c-v']);
      const sum = await db.knex('contacts').where({ accountId: 'acc-v' }).sum({ total: 'totalDonated' }).first();
      expect(toMoney(sum?.total)).toBe(1234.56);
    });
  });
});
