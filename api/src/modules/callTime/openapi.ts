import { callInputSchema, callSessionInputSchema } from '@caucus/contract';
import {
  callbacksResponseSchema,
  callResultSchema,
  callSessionResponseSchema,
  callSessionsResponseSchema,
  nextProspectResponseSchema,
  openPledgesResponseSchema,
  teamResponseSchema,
} from '@caucus/contract/callTime.responses';
import { describeRoutes } from '../../openapi/describe';

export const callTimeApi = describeRoutes('Call time', {
  'GET /api/call-sessions/team': {
    summary: 'The people of the workspace who can be callers or meeting attendees',
    data: teamResponseSchema,
  },
  'GET /api/call-sessions': {
    summary: 'Call-time sessions, newest first, with progress and stats; and all of them together, overall and per caller',
    data: callSessionsResponseSchema,
  },
  'POST /api/call-sessions': {
    summary: 'Build a call-time session from a contact list',
    description: 'The list members who may be called are copied into the session in the chosen order; do-not-call contacts are left out.',
    body: callSessionInputSchema,
    status: 201,
    data: callSessionResponseSchema,
  },
  'GET /api/call-sessions/:id': {
    summary: 'A session with its progress and its stats (fulfilment over time included), overall and per caller',
    data: callSessionResponseSchema,
  },
  'GET /api/call-sessions/:id/next': {
    summary: "The caller's next prospect",
    description:
      'Claims the next free prospect for the signed-in caller (or returns the one they already hold): two callers never get the same prospect. Null when the sheet is done.',
    data: nextProspectResponseSchema,
  },
  'POST /api/call-sessions/:id/calls': {
    summary: "Log a call's outcome",
    description:
      'A pledge creates a pledge and a gift records a donation, both through the money ledger; an amount past what the contributor may still give to the election comes back with a warning. Do not call is honoured by every session: a call of a contact marked do not call is refused (409), nothing logged.',
    body: callInputSchema,
    status: 201,
    data: callResultSchema,
  },
  'GET /api/call-backs': {
    summary: 'Call-backs due by the end of today (workspace time zone) not yet followed by another call',
    data: callbacksResponseSchema,
  },
  'GET /api/pledges/open': {
    summary: 'Pledges not yet fulfilled, oldest first, with their age and reminder date',
    data: openPledgesResponseSchema,
  },
});
