import type { Session } from './types';

/** A realistic session for tests and stories. */
export const sampleSession: Session = {
  user: { id: 'u-1', email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace' },
  accounts: [{ id: 'acc-1', name: 'Friends of Ada', organizationType: 'campaign' }],
  accountId: 'acc-1',
  accountName: 'Friends of Ada',
  organizationType: 'campaign',
};

export type FetchCall = { url: string; init: RequestInit };

/** Replaces global fetch with a queue of canned responses and records the calls. */
export function mockFetch(...responses: Array<Response | Error>) {
  const calls: FetchCall[] = [];
  const queue = [...responses];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const next = queue.shift();
    if (!next) throw new Error('Unexpected fetch');
    if (next instanceof Error) throw next;
    return next;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock };
}

export function jsonResponse(status: number, body: unknown): Response {
  return {
    status,
    ok: status >= 200 && status < 300,
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  } as Response;
}
