// What the call-time and meetings routes answer, as zod schemas: the source of the response types in
// callTime.ts and of the OpenAPI document. Like every `*.responses.ts`, not re-exported from index.ts:
// the frontends use the types of callTime.ts only (common.responses.ts).
import { z } from 'zod';
import { CALL_ORDER_VALUES, CALL_OUTCOME_VALUES } from './callTime';
import { pledgeSchema } from './financials.responses';

const text = z.string();
const nullableText = z.string().nullable();
const instant = z.string().meta({ description: 'ISO 8601 instant (UTC)' });
const nullableInstant = z.string().nullable().meta({ description: 'ISO 8601 instant (UTC)' });
const calendarDate = z.string().nullable().meta({ description: 'Calendar date YYYY-MM-DD' });
const money = z.number();
export const personSchema = z.object({ id: text, name: text });
const outcome = z.enum(CALL_OUTCOME_VALUES);

export const fulfilmentWeekSchema = z
  .object({
    weekStart: z.string().meta({ description: "The week's Monday, YYYY-MM-DD (workspace time zone)" }),
    pledgedAmount: money.meta({ description: 'Pledged on the calls that week' }),
    fulfilledAmount: money.meta({ description: 'Came in that week against those pledges' }),
    pledgedToDate: money,
    fulfilledToDate: money,
    fulfilmentRate: z.number().nullable().meta({ description: 'fulfilledToDate / pledgedToDate, 0..1' }),
  })
  .meta({ id: 'FulfilmentWeek' });

export const callStatsSchema = z
  .object({
    calls: z.number(),
    reached: z.number().meta({ description: 'Calls where the caller spoke with the prospect' }),
    contactRate: z.number().nullable().meta({ description: 'reached / calls, 0..1; null before the first call' }),
    callsPerHour: z
      .number()
      .nullable()
      .meta({ description: 'Calls over the time from the first call to the last (at least a quarter hour); null before the first call' }),
    pledgeCount: z.number(),
    pledgedAmount: money,
    fulfilledAmount: money.meta({ description: 'What has come in against those pledges so far' }),
    fulfilmentRate: z.number().nullable().meta({ description: 'fulfilledAmount / pledgedAmount, 0..1; null without pledges' }),
    giftCount: z.number(),
    giftAmount: money.meta({ description: 'Gifts made on the call itself' }),
    byOutcome: z.record(outcome, z.number()),
    firstCallAt: nullableInstant,
    lastCallAt: nullableInstant,
    overTime: z.array(fulfilmentWeekSchema).meta({ description: 'Fulfilment over time, week by week from the first pledge (the latest 52 weeks at most)' }),
  })
  .meta({ id: 'CallStats' });

export const callSessionProgressSchema = z
  .object({ total: z.number(), done: z.number(), pending: z.number(), inProgress: z.number(), skipped: z.number() })
  .meta({ id: 'CallSessionProgress' });

const sessionSummaryShape = {
  id: text,
  name: text,
  listId: nullableText,
  listName: text,
  campaign: personSchema.nullable(),
  order: z.enum(CALL_ORDER_VALUES),
  assignee: personSchema.nullable(),
  createdAt: instant,
  progress: callSessionProgressSchema,
  stats: callStatsSchema,
};
export const callerStatsSchema = z.object({ caller: personSchema, stats: callStatsSchema }).meta({ id: 'CallerStats' });
export const callSessionSummarySchema = z.object(sessionSummaryShape).meta({ id: 'CallSessionSummary' });
export const callSessionDetailSchema = z.object({ ...sessionSummaryShape, callers: z.array(callerStatsSchema) }).meta({ id: 'CallSessionDetail' });
export const callSessionsResponseSchema = z.object({
  sessions: z.array(callSessionSummarySchema),
  overall: z
    .object({ stats: callStatsSchema, callers: z.array(callerStatsSchema) })
    .meta({ description: 'Every session together: the stats overall and per caller across sessions' }),
});
export const callSessionResponseSchema = z.object({ session: callSessionDetailSchema });
export const teamResponseSchema = z.object({ team: z.array(personSchema) });

export const prospectElectionSchema = z.object({ electionCode: text, electionDate: text, aggregate: money, limit: money, remaining: money });
export const prospectSchema = z
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
    elections: z.array(prospectElectionSchema).meta({ description: "Per-election aggregates to the session campaign's committee; empty without a committee" }),
    currentElection: prospectElectionSchema.nullable().meta({ description: 'The election a gift made today counts toward, when the committee has one ahead' }),
    openPledges: z.array(z.object({ id: text, amount: money, amountFulfilled: money, pledgeDate: calendarDate })),
    pastCalls: z.array(z.object({ id: text, at: instant, outcome, amount: money.nullable(), notes: nullableText, callerName: nullableText })),
    suggestedAsk: money.nullable(),
    askReason: text,
  })
  .meta({ id: 'Prospect' });
export const nextProspectResponseSchema = z.object({ prospect: prospectSchema.nullable(), progress: callSessionProgressSchema });

export const callSchema = z
  .object({
    id: text,
    sessionId: nullableText,
    contactId: text,
    contactName: text,
    phone: nullableText,
    caller: personSchema.nullable(),
    outcome,
    amount: money.nullable(),
    electionCode: nullableText,
    callbackAt: nullableInstant,
    notes: nullableText,
    pledgeId: nullableText,
    donationId: nullableText,
    createdAt: instant,
  })
  .meta({ id: 'Call' });
export const callResultSchema = z.object({
  call: callSchema,
  pledge: pledgeSchema.nullable(),
  donationId: nullableText,
  warning: nullableText.meta({ description: 'Set when the amount passes what the contributor can still give under the limit' }),
  progress: callSessionProgressSchema,
});
export const callbacksResponseSchema = z.object({ callbacks: z.array(callSchema) });

export const openPledgesResponseSchema = z.object({
  pledges: z.array(
    z.object({
      id: text,
      contactId: text,
      contactName: text,
      phone: nullableText,
      campaign: personSchema.nullable(),
      pledgeAmount: money,
      amountFulfilled: money,
      remaining: money,
      pledgeDate: calendarDate,
      ageDays: z.number().meta({ description: 'Whole days since the pledge was made' }),
      reminderDate: calendarDate.meta({ description: 'Calendar date YYYY-MM-DD to chase it: its due date, else a week after it was made' }),
      status: text,
    }),
  ),
});

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
    attendees: z.array(personSchema),
    createdBy: personSchema.nullable(),
    createdAt: instant,
  })
  .meta({ id: 'Meeting' });
export const meetingsResponseSchema = z.object({ meetings: z.array(meetingSchema) });
export const meetingResponseSchema = z.object({ meeting: meetingSchema });
