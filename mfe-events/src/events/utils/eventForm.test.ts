/** @jest-environment-options {"timezone": "Europe/Paris"} */
import type { CaucusEvent } from '@caucus/contract';
import { emptyEventForm, formFromEvent, shapeEventForSave, validateEventForm, type EventFormValues } from './eventForm';

const filled = (overrides: Partial<EventFormValues> = {}): EventFormValues => ({
  ...emptyEventForm(),
  name: 'Spring Gala',
  campaignId: 'c-1',
  ...overrides,
});

describe('event form defaults', () => {
  test('match docs/product/limits-and-defaults.md', () => {
    const values = emptyEventForm();
    expect(values).toMatchObject({
      eventType: 'fundraiser',
      status: 'draft',
      isPublic: true,
      allowDonations: true,
      requiresRsvp: false,
      isVirtual: false,
    });
  });
});

describe('shapeEventForSave', () => {
  test('drops empty optional fields and sends numbers', () => {
    const input = shapeEventForSave(filled({ description: '  ', location: '', slug: '', maxAttendees: '', ticketPrice: '12.50' }));
    expect(input).toEqual({
      name: 'Spring Gala',
      eventType: 'fundraiser',
      status: 'draft',
      campaignId: 'c-1',
      isVirtual: false,
      isPublic: true,
      maxAttendees: 0,
      fundraisingGoal: 0,
      ticketPrice: 12.5,
      allowDonations: true,
      requiresRsvp: false,
    });
  });

  test('a date without a time is sent as that calendar day (an all-day event), not as midnight UTC', () => {
    const input = shapeEventForSave(filled({ startDate: '2026-04-18', endDate: '2026-04-19' }));
    expect(input.startDate).toBe('2026-04-18');
    expect(input.endDate).toBe('2026-04-19');
  });

  test('a date with a time is the local time as an ISO instant', () => {
    const input = shapeEventForSave(filled({ startDate: '2026-04-18', startTime: '18:30', endDate: '2026-04-18', endTime: '21:00' }));
    // Typed on the workspace's clock (New York, daylight time in April), not the browser's (Paris).
    expect(input.startDate).toBe('2026-04-18T22:30:00.000Z');
    expect(input.endDate).toBe('2026-04-19T01:00:00.000Z');
  });

  test('keeps filled optional text, trimmed', () => {
    const input = shapeEventForSave(filled({ isVirtual: true, virtualUrl: ' https://meet.example.org/gala ', location: 'Grand Hotel', description: 'Dinner' }));
    expect(input).toMatchObject({ virtualUrl: 'https://meet.example.org/gala', location: 'Grand Hotel', description: 'Dinner' });
  });
});

describe('validateEventForm', () => {
  test('requires a name and a campaign', () => {
    expect(validateEventForm(emptyEventForm())).toEqual({
      name: 'Event name is required',
      campaignId: 'Campaign selection is required',
    });
  });

  test('the end must come after the start', () => {
    expect(validateEventForm(filled({ startDate: '2026-04-19', endDate: '2026-04-18' })).endDate).toBe('End date must be after start date');
    expect(validateEventForm(filled({ startDate: '2026-04-18', endDate: '2026-04-18' }))).toEqual({});
    expect(validateEventForm(filled({ startDate: '2026-04-18', startTime: '20:00', endDate: '2026-04-18', endTime: '19:00' })).endDate).toBe(
      'End date must be after start date',
    );
  });

  test('a virtual event needs its URL', () => {
    expect(validateEventForm(filled({ isVirtual: true, virtualUrl: ' ' })).virtualUrl).toBe('Virtual URL is required for virtual events');
    expect(validateEventForm(filled({ isVirtual: false, virtualUrl: '' }))).toEqual({});
  });

  test('numbers may not be negative', () => {
    const errors = validateEventForm(filled({ maxAttendees: '-1', ticketPrice: '-0.01', fundraisingGoal: '-5' }));
    expect(Object.keys(errors).sort()).toEqual(['fundraisingGoal', 'maxAttendees', 'ticketPrice']);
    // The contract's messages, naming each field as the form labels it.
    expect(errors).toEqual({
      maxAttendees: 'Max attendees must be 0 or more',
      ticketPrice: 'Ticket price must be 0 or more',
      fundraisingGoal: 'Fundraising goal must be 0 or more',
    });
  });
});

describe('formFromEvent', () => {
  const base: CaucusEvent = {
    id: 'e-1',
    name: 'Gala',
    slug: null,
    description: null,
    eventType: 'rally',
    status: 'published',
    campaignId: 'c-1',
    campaign: { id: 'c-1', name: 'Main' },
    startDate: '2026-04-18',
    endDate: '2026-04-18',
    allDay: true,
    location: null,
    virtualUrl: null,
    isVirtual: false,
    isPublic: false,
    maxAttendees: 50,
    fundraisingGoal: 1000,
    ticketPrice: 25,
    allowDonations: false,
    requiresRsvp: true,
    currentAttendees: 0,
    amountRaised: 0,
    createdAt: null,
    updatedAt: null,
  };

  test('an all-day event comes back as its days without times, and saves back unchanged', () => {
    const values = formFromEvent(base);
    expect(values).toMatchObject({ startDate: '2026-04-18', startTime: '', endDate: '2026-04-18', endTime: '' });
    const input = shapeEventForSave(values);
    expect(input.startDate).toBe(base.startDate);
    expect(input.endDate).toBe(base.endDate);
    expect(input).toMatchObject({ eventType: 'rally', status: 'published', maxAttendees: 50, isPublic: false, requiresRsvp: true });
  });

  test("timed instants come back on the workspace clock, not the browser's", () => {
    const values = formFromEvent({ ...base, startDate: '2026-04-18T22:30:00.000Z', endDate: null, allDay: false });
    expect(values).toMatchObject({ startDate: '2026-04-18', startTime: '18:30', endDate: '', endTime: '' });
  });
});
