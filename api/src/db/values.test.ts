import fc from 'fast-check';
import { createTestDb, type TestDb } from '../../test/support/testDb';
import { fromJsonText, nowUtc, toBool, toInt, toIsoDate, toIsoDateTime, toJsonArray, toJsonObject, toJsonText, toMoney, toMoneyOrNull } from './values';

describe('value readers', () => {
  it('toIsoDateTime writes every instant as Date#toISOString does, whatever its year', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('-010000-01-01T00:00:00.000Z'), max: new Date('+020000-12-31T23:59:59.999Z'), noInvalidDate: true }), (date) => {
        expect(toIsoDateTime(date)).toBe(date.toISOString());
        expect(toIsoDateTime(date.getTime())).toBe(date.toISOString());
      }),
      { numRuns: 2000 },
    );
    for (const iso of [
      '0999-12-31T23:59:59.999Z',
      '1000-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '+010000-01-01T00:00:00.000Z',
      '2026-01-02T03:04:05.006Z',
      '2026-11-28T12:00:00.060Z',
    ]) {
      expect(toIsoDateTime(new Date(iso))).toBe(iso);
    }
  });

  it("toIsoDateTime reads MariaDB's DATETIME text as the instant a Date of it would be", () => {
    const twoDigits = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const sqlText = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), twoDigits(13), twoDigits(32), twoDigits(24), twoDigits(60), twoDigits(60), fc.stringMatching(/^(\.\d{1,6})?$/))
      .map(
        ([year, month, day, hours, minutes, seconds, fraction]) => `${String(year).padStart(4, '0')}-${month}-${day} ${hours}:${minutes}:${seconds}${fraction}`,
      );
    fc.assert(
      fc.property(sqlText, (text) => {
        const date = new Date(`${text.replace(' ', 'T')}Z`);
        expect(toIsoDateTime(text)).toBe(Number.isNaN(date.getTime()) ? null : date.toISOString());
      }),
      { numRuns: 3000 },
    );
    expect(toIsoDateTime('2026-11-28 04:13:22.801')).toBe('2026-11-28T04:13:22.801Z');
    expect(toIsoDateTime('2026-11-28 04:13:22.8')).toBe('2026-11-28T04:13:22.800Z');
    expect(toIsoDateTime('2026-11-28 04:13:22.801999')).toBe('2026-11-28T04:13:22.801Z');
    expect(toIsoDateTime('2026-02-30 00:00:00')).toBe('2026-03-02T00:00:00.000Z');
    // The last days of the months, in leap years and not (the property above meets them rarely).
    expect(toIsoDateTime('2026-11-29 10:00:00')).toBe('2026-11-29T10:00:00.000Z');
    expect(toIsoDateTime('2026-12-31 23:59:59.999')).toBe('2026-12-31T23:59:59.999Z');
    expect(toIsoDateTime('2026-11-31 00:00:00')).toBe('2026-12-01T00:00:00.000Z');
    expect(toIsoDateTime('2024-02-29 12:00:00')).toBe('2024-02-29T12:00:00.000Z');
    expect(toIsoDateTime('2026-02-29 12:00:00')).toBe('2026-03-01T12:00:00.000Z');
    expect(toIsoDateTime('2000-02-29 00:00:00')).toBe('2000-02-29T00:00:00.000Z');
    expect(toIsoDateTime('1900-02-29 00:00:00')).toBe('1900-03-01T00:00:00.000Z');
    expect(toIsoDateTime('2100-02-29 00:00:00')).toBe('2100-03-01T00:00:00.000Z');
  });

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
