/** @jest-environment-options {"timezone": "Australia/Sydney"} */
import type { CaucusEvent } from '@caucus/contract';
import { eventRecord } from '../../test/eventRecord';
import { filterEvents, groupEventsByTime } from './eventList';

const event = (fields: Partial<CaucusEvent>): CaucusEvent => eventRecord({ id: 'e', eventType: 'rally', ...fields });

// Noon on Nov 24 2026 in the workspace (New York); the browser is in Sydney, already on the 25th.
const now = new Date('2026-11-24T17:00:00.000Z');
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

const ids = (events: CaucusEvent[]) => events.map((e) => e.id);

describe('groupEventsByTime', () => {
  const events = [
    event({ id: 'last-year', startDate: '2025-11-30', endDate: '2025-11-30', allDay: true }),
    event({ id: 'yesterday', startDate: '2026-11-23', endDate: '2026-11-23', allDay: true }),
    event({ id: 'next-month', startDate: hoursFromNow(24 * 30) }),
    event({ id: 'tbd-b', name: 'Phone bank' }),
    event({ id: 'tomorrow', startDate: hoursFromNow(24) }),
    event({ id: 'two-hours-ago', startDate: hoursFromNow(-2) }),
    event({ id: 'today-all-day', startDate: '2026-11-24', endDate: '2026-11-24', allDay: true }),
    event({ id: 'under-way', startDate: hoursFromNow(-1), endDate: hoursFromNow(2) }),
    event({ id: 'tbd-a', name: 'Canvass' }),
  ];

  it('lists upcoming events soonest first, then those without a date, then the past most recent first', () => {
    const groups = groupEventsByTime(events, now);
    expect(ids(groups.upcoming)).toEqual(['today-all-day', 'under-way', 'tomorrow', 'next-month']);
    expect(ids(groups.unscheduled)).toEqual(['tbd-a', 'tbd-b']);
    expect(ids(groups.past)).toEqual(['two-hours-ago', 'yesterday', 'last-year']);
  });

  it("keeps an all-day event upcoming until its last day is over in the workspace's zone", () => {
    // 11:59 PM and midnight in New York (EST, UTC-5); Sydney's browser clock is irrelevant.
    const lastMinute = new Date('2026-11-25T04:59:00.000Z');
    const nextMorning = new Date('2026-11-25T05:00:00.000Z');
    const fair = [event({ id: 'fair', startDate: '2026-11-23', endDate: '2026-11-24', allDay: true })];
    expect(ids(groupEventsByTime(fair, lastMinute).upcoming)).toEqual(['fair']);
    expect(ids(groupEventsByTime(fair, nextMorning).past)).toEqual(['fair']);
  });
});

describe('filterEvents', () => {
  const events = [
    event({ id: 'gala', name: 'Spring Gala', status: 'published', location: 'Grand Hotel', campaign: { id: 'c', name: 'Re-elect Rivera' } }),
    event({ id: 'hall', name: 'Town Hall', status: 'draft', description: 'Schools and roads' }),
    event({ id: 'canvass', name: 'Canvass', status: 'cancelled', location: 'Grand Avenue' }),
  ];

  it('matches every word against name, location, description and campaign, ignoring case', () => {
    expect(ids(filterEvents(events, { search: 'grand', status: 'all' }))).toEqual(['gala', 'canvass']);
    expect(ids(filterEvents(events, { search: 'GRAND rivera', status: 'all' }))).toEqual(['gala']);
    expect(ids(filterEvents(events, { search: 'roads', status: 'all' }))).toEqual(['hall']);
    expect(ids(filterEvents(events, { search: '   ', status: 'all' }))).toEqual(['gala', 'hall', 'canvass']);
  });

  it('keeps only the chosen status', () => {
    expect(ids(filterEvents(events, { search: '', status: 'cancelled' }))).toEqual(['canvass']);
    expect(ids(filterEvents(events, { search: 'grand', status: 'draft' }))).toEqual([]);
  });
});
