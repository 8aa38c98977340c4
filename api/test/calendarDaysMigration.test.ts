import { createTestDb, type TestDb } from './support/testDb';
import { createAccountWithUser, insertCampaign, insertEvent } from './helpers/fixtures';
import * as calendarDays from '../src/db/migrations/20261123140000_calendar_days';

// Rows written before calendar days existed: the forms saved a date without a time as midnight UTC
// (start) and the last millisecond of the UTC day (end). The migration turns those into days and
// leaves real instants alone.
describe('migration 20261123140000_calendar_days on existing rows', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb();
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('makes campaign dates and date-only events calendar days, keeping timed events', async () => {
    const { knex } = db;
    const { accountId } = await createAccountWithUser(knex);
    await calendarDays.down(knex);

    const campaignId = await insertCampaign(knex, accountId, {
      startDate: new Date('2026-03-01T00:00:00.000Z'),
      endDate: new Date('2026-11-30T23:59:59.999Z'),
    });
    const dateOnly = await insertEvent(knex, accountId, { startDate: new Date('2026-11-30T00:00:00.000Z'), endDate: null });
    const dateOnlyRange = await insertEvent(knex, accountId, {
      startDate: new Date('2026-11-28T00:00:00.000Z'),
      endDate: new Date('2026-11-30T23:59:59.999Z'),
    });
    const timed = await insertEvent(knex, accountId, {
      startDate: new Date('2026-12-01T00:00:00.000Z'),
      endDate: new Date('2026-12-01T02:00:00.000Z'),
    });
    const undated = await insertEvent(knex, accountId, { startDate: null });

    await calendarDays.up(knex);

    expect(await knex('campaigns').where({ id: campaignId }).first('startDate', 'endDate')).toEqual({ startDate: '2026-03-01', endDate: '2026-11-30' });
    const event = (id: string) => knex('events').where({ id }).first('startDate', 'endDate', 'startDay', 'endDay');
    expect(await event(dateOnly)).toEqual({ startDate: null, endDate: null, startDay: '2026-11-30', endDay: null });
    expect(await event(dateOnlyRange)).toEqual({ startDate: null, endDate: null, startDay: '2026-11-28', endDay: '2026-11-30' });
    const kept = await event(timed);
    expect({ ...kept, startDate: new Date(kept.startDate).toISOString() }).toMatchObject({ startDate: '2026-12-01T00:00:00.000Z', startDay: null });
    expect(await event(undated)).toEqual({ startDate: null, endDate: null, startDay: null, endDay: null });
  });
});
