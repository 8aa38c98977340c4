import { z } from 'zod';
import { planningInputs as f } from './campaigns';
import { MAX_MONEY, optionalTextField, toCents } from './common';
import { PAYMENT_METHOD_VALUES } from './financials';
import type {
  callbacksResponseSchema,
  callerStatsSchema,
  callResultSchema,
  callSchema,
  callSessionDetailSchema,
  callSessionProgressSchema,
  callSessionsResponseSchema,
  callSessionSummarySchema,
  callStatsSchema,
  fulfilmentWeekSchema,
  meetingSchema,
  nextProspectResponseSchema,
  openPledgesResponseSchema,
  personSchema,
  prospectElectionSchema,
  prospectSchema,
} from './callTime.responses';

// Call time (candidate fundraising calls) and meetings with donors: what the caller's screen sends
// and what it reads. Every label here is the one the screens show, so a 400 names the field as the
// form does.

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The orders a call sheet can be worked in. */
export const CALL_ORDER_VALUES = ['largest_giving', 'longest_since_gift', 'alphabetical'] as const;
export type CallOrder = (typeof CALL_ORDER_VALUES)[number];
export const CALL_ORDER_LABELS: Record<CallOrder, string> = {
  largest_giving: 'Largest past giving first',
  longest_since_gift: 'Last gift longest ago first',
  alphabetical: 'Alphabetical (last name)',
};

/** What happened on a call. */
export const CALL_OUTCOME_VALUES = ['no_answer', 'left_message', 'call_back', 'pledged', 'gave_now', 'declined', 'wrong_number', 'do_not_call'] as const;
export type CallOutcome = (typeof CALL_OUTCOME_VALUES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  no_answer: 'No answer',
  left_message: 'Left message',
  call_back: 'Call back',
  pledged: 'Pledged',
  gave_now: 'Gave now',
  declined: 'Declined',
  wrong_number: 'Wrong number',
  do_not_call: 'Do not call',
};
/** Outcomes where the caller spoke with the prospect (the contact rate counts these). */
export const REACHED_OUTCOMES: readonly CallOutcome[] = ['call_back', 'pledged', 'gave_now', 'declined', 'do_not_call'];

export const SESSION_NAME_REQUIRED = 'Session name is required';
export const LIST_REQUIRED = 'Please select a contact list';
export const CAMPAIGN_REQUIRED = 'Please select a campaign';
export const CALLER_REQUIRED = 'Please select a caller';
export const AMOUNT_REQUIRED = 'Amount is required for a pledge or a gift';
export const CALLBACK_REQUIRED = 'Call back at is required for a call back';
export const CONTACT_REQUIRED = 'Contact is required';

function requiredId(field: string, requiredMessage: string) {
  return z.preprocess(
    (value) => (blank(value) ? undefined : typeof value === 'string' ? value.trim() : value),
    z.string({ error: (issue) => (issue.input === undefined ? requiredMessage : `${field} must be text`) }).max(36, `${field} is invalid`),
  );
}

function optionalAmount(field: string) {
  return z.preprocess(
    (value) => (blank(value) ? null : value),
    z
      .number({ error: `${field} must be a number` })
      .refine((n) => toCents(n) > 0 && n <= MAX_MONEY, `${field} must be more than 0`)
      .transform(toCents)
      .nullable(),
  );
}

/** Body of POST /api/call-sessions. */
export const callSessionInputSchema = z.object({
  name: f.requiredText('Session name', 255, SESSION_NAME_REQUIRED),
  listId: requiredId('Contact list', LIST_REQUIRED),
  campaignId: requiredId('Campaign', CAMPAIGN_REQUIRED),
  order: z.preprocess(
    (value) => (blank(value) ? undefined : value),
    z.enum(CALL_ORDER_VALUES, { error: `Call order must be one of: ${CALL_ORDER_VALUES.join(', ')}` }).default('largest_giving'),
  ),
  assigneeId: requiredId('Caller', CALLER_REQUIRED),
});
export type CallSessionInput = z.input<typeof callSessionInputSchema>;
export type CallSessionValues = z.output<typeof callSessionInputSchema>;

/** Body of POST /api/call-sessions/:id/calls. */
export const callInputSchema = z
  .object({
    contactId: requiredId('Contact', CONTACT_REQUIRED),
    outcome: z.enum(CALL_OUTCOME_VALUES, {
      error: (issue) => (blank(issue.input) ? 'Outcome is required' : `Outcome must be one of: ${CALL_OUTCOME_VALUES.join(', ')}`),
    }),
    amount: optionalAmount('Amount'),
    electionCode: z.preprocess(
      (value) => (blank(value) ? null : typeof value === 'string' ? value.trim().toUpperCase() : value),
      z
        .string({ error: 'Election must be a code such as P2026 or G2026' })
        .regex(/^[A-Z][0-9]{4}$/, 'Election must be a code such as P2026 or G2026')
        .nullable(),
    ),
    paymentMethod: z.preprocess(
      (value) => (blank(value) ? undefined : value),
      z.enum(PAYMENT_METHOD_VALUES, { error: `Payment method must be one of: ${PAYMENT_METHOD_VALUES.join(', ')}` }).default('credit_card'),
    ),
    callbackAt: z.preprocess(
      (value) => (blank(value) ? null : typeof value === 'string' ? value.trim() : value),
      z
        .string({ error: 'Call back at must be an ISO date-time' })
        .refine((text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && !Number.isNaN(Date.parse(text)), 'Call back at must be an ISO date-time')
        .transform((text) => new Date(text).toISOString())
        .nullable(),
    ),
    notes: optionalTextField('Notes', 10_000, { multiline: true }),
  })
  .superRefine((input, ctx) => {
    if ((input.outcome === 'pledged' || input.outcome === 'gave_now') && input.amount === null) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: AMOUNT_REQUIRED });
    }
    if (input.outcome === 'call_back' && input.callbackAt === null) {
      ctx.addIssue({ code: 'custom', path: ['callbackAt'], message: CALLBACK_REQUIRED });
    }
  });
export type CallInput = z.input<typeof callInputSchema>;
export type CallValues = z.output<typeof callInputSchema>;

/** Body of POST /api/meetings. */
export const meetingInputSchema = z.object({
  contactId: requiredId('Contact', CONTACT_REQUIRED),
  metAt: z.preprocess(
    (value) => (blank(value) ? undefined : typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: (issue) => (issue.input === undefined ? 'Meeting date is required' : 'Meeting date must be an ISO date-time') })
      .refine((text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && !Number.isNaN(Date.parse(text)), 'Meeting date must be an ISO date-time')
      .transform((text) => new Date(text).toISOString()),
  ),
  subject: f.requiredText('Subject', 255, 'Subject is required'),
  attendeeIds: z.preprocess(
    (value) => (value === undefined || value === null ? [] : value),
    z
      .array(z.string({ error: 'Attendees must be team members' }).max(36, 'Attendees must be team members'), { error: 'Attendees must be a list' })
      .max(50, 'Attendees can be at most 50 people'),
  ),
  notes: optionalTextField('Notes', 10_000, { multiline: true }),
  followUp: optionalTextField('Follow-up', 10_000, { multiline: true }),
  followUpDate: f.optionalDay('Follow-up date'),
});
export type MeetingInput = z.input<typeof meetingInputSchema>;
export type MeetingValues = z.output<typeof meetingInputSchema>;

/** Query of GET /api/meetings. */
export const meetingsQuerySchema = z.object({
  contactId: z.string({ error: 'Contact must be text' }).max(36, 'Contact is invalid').optional(),
});

export type Person = z.output<typeof personSchema>;

/**
 * One week of pledge fulfilment (weeks start on Monday, in the workspace's time zone): what was
 * pledged on the calls that week, what came in against those pledges that week, and the rate to date.
 */
export type FulfilmentWeek = z.output<typeof fulfilmentWeekSchema>;

export type CallStats = z.output<typeof callStatsSchema>;

export type CallSessionProgress = z.output<typeof callSessionProgressSchema>;

export type CallSessionSummary = z.output<typeof callSessionSummarySchema>;

export type CallerStats = z.output<typeof callerStatsSchema>;
/** GET /api/call-sessions: the sessions, and all of them together, overall and per caller across sessions. */
export type CallSessionsResponse = z.output<typeof callSessionsResponseSchema>;
export type CallSessionDetail = z.output<typeof callSessionDetailSchema>;

export type ProspectElection = z.output<typeof prospectElectionSchema>;

export type Prospect = z.output<typeof prospectSchema>;

export type ProspectCall = Prospect['pastCalls'][number];

export type NextProspectResponse = z.output<typeof nextProspectResponseSchema>;

export type Call = z.output<typeof callSchema>;

export type CallResult = z.output<typeof callResultSchema>;

export type OpenPledgesResponse = z.output<typeof openPledgesResponseSchema>;
export type OpenPledge = OpenPledgesResponse['pledges'][number];
export type CallbacksResponse = z.output<typeof callbacksResponseSchema>;

export type Meeting = z.output<typeof meetingSchema>;
