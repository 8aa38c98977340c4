import type { CaucusEvent } from '@caucus/contract';

/** An event as the API returns it: every field at its empty value, then the fields a test names. */
export function eventRecord(fields: Partial<CaucusEvent> = {}): CaucusEvent {
  return {
    id: 'e-1',
    name: 'Event',
    slug: null,
    description: null,
    eventType: 'fundraiser',
    status: 'published',
    campaignId: null,
    campaign: null,
    startDate: null,
    endDate: null,
    allDay: false,
    location: null,
    virtualUrl: null,
    isVirtual: false,
    isPublic: true,
    maxAttendees: 0,
    fundraisingGoal: 0,
    ticketPrice: 0,
    allowDonations: true,
    requiresRsvp: false,
    currentAttendees: 0,
    amountRaised: 0,
    createdAt: null,
    updatedAt: null,
    ...fields,
  };
}
