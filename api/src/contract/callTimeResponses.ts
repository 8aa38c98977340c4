// What the call-time and meetings routes answer, as zod schemas for the OpenAPI document. Like
// responses.ts, not re-exported from index.ts: the frontends use the types of callTime.ts only.
import { z } from 'zod';
import { CALL_ORDER_VALUES, CALL_OUTCOME_VALUES } from './callTime';
import type {
  Call,
  CallbacksResponse,
  CallResult,
  CallSessionDetail,
  CallSessionSummary,
  Meeting,
  NextProspectResponse,
  OpenPledgesResponse,
  Person,
} from './callTime';
import { pledgeSchema } from './responses';

const text = z.string();
const nullableText = z.string().nullable();
const instant = z.string().meta({ description: 'ISO 8601 instant (UTC)' });
const nullableInstant = z.string().nullable().meta({ description: 'ISO 8601 instant (UTC)' });
const calendarDate = z.string().nullable().meta({ description: 'Calendar date YYYY-MM-DD' });
const money = z.number();
const person: z.ZodType<Person> = z.object({ id: text, name: text });
const outcome = z.enum(CALL_OUTCOME_VALUES);

const statsSchema = z
  .object({
    calls: z.number(),
    reached: z.number().meta({ description: 'Calls where the caller spoke with the prospect' }),
    contactRate: z.number().nullable(),
    callsPerHour: z.number().nullable(),
    pledgeCount: z.number(),
    pledgedAmount: money,
    fulfilledAmount: money,
    fulfilmentRate: z.number().nullable(),
    giftCount: z.number(),
    giftAmount: money,
    byOutcome: z.record(outcome, z.number()),
    firstCallAt: nullableInstant,
    lastCallAt: nullableInstant,
  })
  .meta({ id: 'CallStats' });

const progressSchema = z
  .object({ total: z.number(), done: z.number(), pending: z.number(), inProgress: z.number(), skipped: z.number() })
  .meta({ id: 'CallSessionProgress' });

const sessionSummaryShape = {
  id: text,
  name: text,
  listId: nullableText,
  listName: text,
  campaign: person.nullable(),
  order: z.enum(CALL_ORDER_VALUES),
  assignee: person.nullable(),
  createdAt: instant,
  progress: progressSchema,
  stats: statsSchema,
};
export const callSessionSummarySchema = z.object(sessionSummaryShape).meta({ id: 'CallSessionSummary' }) as z.ZodType<CallSessionSummary>;
export const callSessionDetailSchema = z
  .object({ ...sessionSummaryShape, callers: z.array(z.object({ caller: person, stats: statsSchema })) })
  .meta({ id: 'CallSessionDetail' }) as z.ZodType<CallSessionDetail>;
export const callSessionsResponseSchema = z.object({ sessions: z.array(callSessionSummarySchema) });
export const callSessionResponseSchema = z.object({ session: callSessionDetailSchema });
export const teamResponseSchema = z.object({ team: z.array(person) });

const election = z.object({ electionCode: text, electionDate: text, aggregate: money, limit: money, remaining: money });
const prospectSchema = z
  .object({
    contactId: text,
    position: z.number(),
    name: text,
    organization: nullableText,
    employer: nullableText,
    occupation: nullableText,
    city: nullableText,
    state: nullableText,
    email: nullableText,
    phones: z.array(z.object({ label: text, number: text })),
    giving: z.object({
      totalDonated: money,
      donationCount: z.number(),
      lastDonationAmount: money.nullable(),
      lastDonationDate: calendarDate,
      largestDonationAmount: money.nullable(),
      recent: z.array(z.object({ id: text, date: calendarDate, amount: money, campaignName: nullableText, electionCode: nullableText })),
    }),
    elections: z.array(election),
    currentElection: election.nullable(),
    openPledges: z.array(z.object({ id: text, amount: money, amountFulfilled: money, pledgeDate: calendarDate })),
    pastCalls: z.array(z.object({ id: text, at: instant, outcome, amount: money.nullable(), notes: nullableText, callerName: nullableText })),
    suggestedAsk: money.nullable(),
    askReason: text,
  })
  .meta({ id: 'Prospect' });
export const nextProspectResponseSchema = z.object({ prospect: prospectSchema.nullable(), progress: progressSchema }) as z.ZodType<NextProspectResponse>;

export const callSchema = z
  .object({
    id: text,
    sessionId: nullableText,
    contactId: text,
    contactName: text,
    phone: nullableText,
    caller: person.nullable(),
    outcome,
    amount: money.nullable(),
    electionCode: nullableText,
    callbackAt: nullableInstant,
    notes: nullableText,
    pledgeId: nullableText,
    donationId: nullableText,
    createdAt: instant,
  })
  .meta({ id: 'Call' }) as z.ZodType<Call>;
export const callResultSchema = z.object({
  call: callSchema,
  pledge: pledgeSchema.nullable(),
  donationId: nullableText,
  warning: nullableText.meta({ description: 'Set when the amount passes what the contributor can still give under the limit' }),
  progress: progressSchema,
}) as unknown as z.ZodType<CallResult>;
export const callbacksResponseSchema = z.object({ callbacks: z.array(callSchema) }) as z.ZodType<CallbacksResponse>;

export const openPledgesResponseSchema = z.object({
  pledges: z.array(
    z.object({
      id: text,
      contactId: text,
      contactName: text,
      phone: nullableText,
      campaign: person.nullable(),
      pledgeAmount: money,
      amountFulfilled: money,
      remaining: money,
      pledgeDate: calendarDate,
      ageDays: z.number(),
      reminderDate: calendarDate,
      status: text,
    }),
  ),
}) as z.ZodType<OpenPledgesResponse>;

export const meetingSchema = z
  .object({
    id: text,
    contactId: text,
    contactName: text,
    metAt: instant,
    subject: text,
    notes: nullableText,
    followUp: nullableText,
    followUpDate: calendarDate,
    attendees: z.array(person),
    createdBy: person.nullable(),
    createdAt: instant,
  })
  .meta({ id: 'Meeting' }) as z.ZodType<Meeting>;
export const meetingsResponseSchema = z.object({ meetings: z.array(meetingSchema) });
export const meetingResponseSchema = z.object({ meeting: meetingSchema });
