import type { Knex } from 'knex';

// A date without a time is a calendar day, not midnight UTC (which reads as the evening
// before anywhere in the Americas).
// - campaigns: start_date / end_date become DATE columns (a campaign runs from one day to another).
// - events: an all-day event keeps its days in start_day / end_day (DATE) and no instant; a timed
//   event keeps start_date / end_date (UTC instants) as before.
// Existing rows: the forms saved a date without a time as T00:00:00.000Z (start) and
// T23:59:59.999Z (end). Campaign dates were always days, so each becomes its UTC day. An event whose
// start is exactly midnight UTC and whose end is missing or exactly the end of a UTC day was entered
// without a time and becomes all-day; any other event keeps its instants.

const START_OF_DAY = 'T00:00:00.000Z';
const END_OF_DAY = 'T23:59:59.999Z';

type Row = { id: string; start: unknown; end: unknown };

/**
 * A stored instant as an ISO 8601 UTC string, as the app read it when this migration was written
 * (kept here, frozen: the app's readers may change, this migration's result may not). SQLite hands
 * back epoch milliseconds, MariaDB a Date or a zone-less 'YYYY-MM-DD HH:MM:SS' in UTC.
 */
function toIsoDateTime(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value);
  else {
    const text = String(value).trim();
    const sql = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)$/.exec(text);
    date = /^-?\d+$/.test(text) ? new Date(Number(text)) : sql ? new Date(`${sql[1]}T${sql[2]}Z`) : new Date(text);
  }
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const utcDay = (value: unknown): string | null => toIsoDateTime(value)?.slice(0, 10) ?? null;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaigns', (t) => {
    t.date('start_day').nullable();
    t.date('end_day').nullable();
  });
  const campaigns: Row[] = await knex('campaigns').select('id', 'start_date as start', 'end_date as end');
  for (const row of campaigns) {
    if (row.start === null && row.end === null) continue;
    await knex('campaigns')
      .where('id', row.id)
      .update({ start_day: utcDay(row.start), end_day: utcDay(row.end) });
  }
  for (const edge of ['start', 'end']) {
    await knex.raw(`alter table campaigns drop column ${edge}_date`);
    await knex.raw(`alter table campaigns rename column ${edge}_day to ${edge}_date`);
  }

  await knex.schema.alterTable('events', (t) => {
    t.date('start_day').nullable();
    t.date('end_day').nullable();
    t.index(['account_id', 'start_day']);
  });
  const events: Row[] = await knex('events').whereNotNull('start_date').select('id', 'start_date as start', 'end_date as end');
  for (const row of events) {
    const start = toIsoDateTime(row.start);
    const end = toIsoDateTime(row.end);
    if (!start?.endsWith(START_OF_DAY) || (end !== null && !end.endsWith(END_OF_DAY))) continue;
    await knex('events')
      .where('id', row.id)
      .update({ start_day: start.slice(0, 10), end_day: end?.slice(0, 10) ?? null, start_date: null, end_date: null });
  }
}

export async function down(knex: Knex): Promise<void> {
  const events: Row[] = await knex('events').whereNotNull('start_day').select('id', 'start_day as start', 'end_day as end');
  for (const row of events) {
    await knex('events')
      .where('id', row.id)
      .update({
        start_date: new Date(`${String(row.start)}${START_OF_DAY}`),
        end_date: row.end ? new Date(`${String(row.end)}${END_OF_DAY}`) : null,
      });
  }
  await knex.schema.alterTable('events', (t) => {
    t.dropIndex(['account_id', 'start_day']);
  });
  await knex.raw('alter table events drop column start_day');
  await knex.raw('alter table events drop column end_day');

  for (const edge of ['start', 'end']) {
    await knex.raw(`alter table campaigns rename column ${edge}_date to ${edge}_day`);
    await knex.schema.alterTable('campaigns', (t) => {
      t.datetime(`${edge}_date`, { precision: 3 }).nullable();
    });
    const rows: { id: string; day: string | null }[] = await knex('campaigns').whereNotNull(`${edge}_day`).select('id', `${edge}_day as day`);
    for (const row of rows) {
      await knex('campaigns')
        .where('id', row.id)
        .update({ [`${edge}_date`]: new Date(`${row.day}${edge === 'start' ? START_OF_DAY : END_OF_DAY}`) });
    }
    await knex.raw(`alter table campaigns drop column ${edge}_day`);
  }
}
