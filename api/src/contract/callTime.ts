import { z } from 'zod';
import { planningInputs as f } from './campaigns';
import { MAX_MONEY, optionalTextField, toCents } from './common';
import { PAYMENT_METHOD_VALUES, type Pledge } from './financials';

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
export const CALL_OUTCOME_VALUES = [
  'no_answer',
  'left_message',
  'call_back',
  'pledged',
  'gave_now',
  'declined',
  'wrong_number',
  'do_not_call',
] as const;
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
    z.array(z.string({ error: 'Attendees must be team members' }).max(36, 'Attendees must be team members'), { error: 'Attendees must be a list' }).max(50, 'Attendees can be at most 50 people'),
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

export type Person = { id: string; name: string };

export type CallStats = {
  calls: number;
  /** Calls where the caller spoke with the prospect. */
  reached: number;
  /** reached / calls, 0..1; null before the first call. */
  contactRate: number | null;
  /** Calls over the time from the first call to the last (at least a quarter hour); null before the first call. */
  callsPerHour: number | null;
  pledgeCount: number;
  pledgedAmount: number;
  /** What has come in against those pledges so far. */
  fulfilledAmount: number;
  /** fulfilledAmount / pledgedAmount, 0..1; null without pledges. */
  fulfilmentRate: number | null;
  giftCount: number;
  /** Gifts made on the call itself. */
  giftAmount: number;
  byOutcome: Record<CallOutcome, number>;
  firstCallAt: string | null;
  lastCallAt: string | null;
};

export type CallSessionProgress = { total: number; done: number; pending: number; inProgress: number; skipped: number };

export type CallSessionSummary = {
  id: string;
  name: string;
  listId: string | null;
  listName: string;
  campaign: Person | null;
  order: CallOrder;
  assignee: Person | null;
  createdAt: string;
  progress: CallSessionProgress;
  stats: CallStats;
};

export type CallerStats = { caller: Person; stats: CallStats };
export type CallSessionDetail = CallSessionSummary & { callers: CallerStats[] };

export type ProspectElection = { electionCode: string; electionDate: string; aggregate: number; limit: number; remaining: number };

export type ProspectCall = { id: string; at: string; outcome: CallOutcome; amount: number | null; notes: string | null; callerName: string | null };

export type Prospect = {
  contactId: string;
  position: number;
  name: string;
  organization: string | null;
  employer: string | null;
  occupation: string | null;
  city: string | null;
  state: string | null;
  email: string | null;
  phones: { label: string; number: string }[];
  giving: {
    totalDonated: number;
    donationCount: number;
    lastDonationAmount: number | null;
    lastDonationDate: string | null;
    largestDonationAmount: number | null;
    recent: { id: string; date: string | null; amount: number; campaignName: string | null; electionCode: string | null }[];
  };
  /** Per-election aggregates to the session campaign's committee; empty without a committee. */
  elections: ProspectElection[];
  /** The election a gift made today counts toward, when the committee has one ahead. */
  currentElection: ProspectElection | null;
  openPledges: { id: string; amount: number; amountFulfilled: number; pledgeDate: string | null }[];
  pastCalls: ProspectCall[];
  suggestedAsk: number | null;
  askReason: string;
};

export type NextProspectResponse = { prospect: Prospect | null; progress: CallSessionProgress };

export type Call = {
  id: string;
  sessionId: string | null;
  contactId: string;
  contactName: string;
  phone: string | null;
  caller: Person | null;
  outcome: CallOutcome;
  amount: number | null;
  electionCode: string | null;
  callbackAt: string | null;
  notes: string | null;
  pledgeId: string | null;
  donationId: string | null;
  createdAt: string;
};

export type CallResult = { call: Call; pledge: Pledge | null; donationId: string | null; warning: string | null; progress: CallSessionProgress };

export type OpenPledge = {
  id: string;
  contactId: string;
  contactName: string;
  phone: string | null;
  campaign: Person | null;
  pledgeAmount: number;
  amountFulfilled: number;
  remaining: number;
  pledgeDate: string | null;
  /** Whole days since the pledge was made. */
  ageDays: number;
  /** When to chase it: its due date, else a week after it was made. */
  reminderDate: string | null;
  status: string;
};

export type OpenPledgesResponse = { pledges: OpenPledge[] };
export type CallbacksResponse = { callbacks: Call[] };

export type Meeting = {
  id: string;
  contactId: string;
  contactName: string;
  metAt: string;
  subject: string;
  notes: string | null;
  followUp: string | null;
  followUpDate: string | null;
  attendees: Person[];
  createdBy: Person | null;
  createdAt: string;
};
