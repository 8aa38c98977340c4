import type { CallSessionDetail, CallSessionsResponse, CallStats, FulfilmentWeek, Prospect } from '@caucus/contract';

export const emptyStats: CallStats = {
  calls: 0,
  reached: 0,
  contactRate: null,
  callsPerHour: null,
  pledgeCount: 0,
  pledgedAmount: 0,
  fulfilledAmount: 0,
  fulfilmentRate: null,
  giftCount: 0,
  giftAmount: 0,
  byOutcome: { no_answer: 0, left_message: 0, call_back: 0, pledged: 0, gave_now: 0, declined: 0, wrong_number: 0, do_not_call: 0 },
  firstCallAt: null,
  lastCallAt: null,
  overTime: [],
};

export const session: CallSessionDetail = {
  id: 's-1',
  name: 'Tuesday call time',
  listId: 'l-1',
  listName: 'Major donors',
  campaign: { id: 'c-1', name: 'Re-elect Rivera' },
  order: 'largest_giving',
  assignee: { id: 'u1', name: 'Dana Demo' },
  createdAt: '2026-11-24T15:00:00.000Z',
  progress: { total: 5, done: 1, pending: 4, inProgress: 0, skipped: 0 },
  stats: { ...emptyStats, calls: 1, reached: 1, contactRate: 1, callsPerHour: 4, pledgeCount: 1, pledgedAmount: 500, fulfilmentRate: 0 },
  callers: [],
};

/** Two weeks of fulfilment: $500 pledged in the first, $200 of it in, then $300 more in the second. */
export const weeks: FulfilmentWeek[] = [
  { weekStart: '2026-11-16', pledgedAmount: 500, fulfilledAmount: 200, pledgedToDate: 500, fulfilledToDate: 200, fulfilmentRate: 0.4 },
  { weekStart: '2026-11-23', pledgedAmount: 0, fulfilledAmount: 300, pledgedToDate: 500, fulfilledToDate: 500, fulfilmentRate: 1 },
];

export const overall: CallSessionsResponse['overall'] = {
  stats: { ...session.stats, calls: 12, overTime: weeks },
  callers: [
    {
      caller: { id: 'u1', name: 'Dana Demo' },
      stats: { ...session.stats, calls: 9, callsPerHour: 18, contactRate: 0.5, pledgedAmount: 500, fulfilledAmount: 500, fulfilmentRate: 1, overTime: weeks },
    },
    { caller: { id: 'u2', name: 'Rae Ortiz' }, stats: { ...emptyStats, calls: 3, callsPerHour: 6, contactRate: 0 } },
  ],
};

export function prospect(overrides: Partial<Prospect> = {}): Prospect {
  return {
    contactId: 'p-1',
    position: 1,
    name: 'Gil Giver',
    organization: null,
    employer: 'Acme',
    occupation: 'Engineer',
    city: 'Richmond',
    state: 'VA',
    email: null,
    phones: [{ label: 'Primary', number: '(555) 010-2030' }],
    giving: { totalDonated: 1000, donationCount: 2, lastDonationAmount: 400, lastDonationDate: '2026-10-02', largestDonationAmount: 600, recent: [] },
    elections: [{ electionCode: 'P2028', electionDate: '2028-03-07', aggregate: 1000, limit: 3500, remaining: 2500 }],
    currentElection: { electionCode: 'P2028', electionDate: '2028-03-07', aggregate: 1000, limit: 3500, remaining: 2500 },
    openPledges: [],
    pastCalls: [],
    suggestedAsk: 1000,
    askReason: 'One and a half times the best gift ($600), rounded',
    ...overrides,
  };
}
