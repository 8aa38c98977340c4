import { act, renderHook, waitFor } from '@testing-library/react';
import { confirmSession } from './confirmSession';
import { forgetSessionState, getSession, getSessionStatus, SESSION_STORAGE_KEY, setSession } from './sessionState';
import { jsonResponse, mockFetch, sampleSession } from './testUtils';
import type { MeData } from './types';
import { useSessionCheck } from './useSessionCheck';

const originalFetch = global.fetch;

const me: MeData = {
  user: { id: 'u-1', email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
  accounts: [
    { id: 'acc-0', name: 'Analytical Engines', organizationType: 'nonprofit' },
    { id: 'acc-1', name: 'Friends of Ada', organizationType: 'campaign' },
  ],
};

/** A reply the test releases when it wants. */
function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

beforeEach(() => {
  // A tab just opened, with nothing cached in the browser.
  act(() => forgetSessionState());
});

afterEach(() => {
  global.fetch = originalFetch;
  act(() => setSession(null));
  localStorage.clear();
});

describe('confirmSession', () => {
  it('a tab with nothing cached learns from GET /api/auth/me that the browser is signed in, and caches it for every tab', async () => {
    const { calls } = mockFetch(jsonResponse(200, { data: me }));
    const answer = await confirmSession();
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/me']);
    expect(answer).toEqual({ session: getSession(), twoFactorEnrollmentRequired: false });
    expect(getSession()).toMatchObject({ user: { id: 'u-1', name: 'Ada Lovelace' }, accountId: 'acc-0' });
    expect(getSessionStatus()).toBe('signed-in');
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ user: { id: 'u-1' }, remember: false });
  });

  it('keeps the account the user works in and the remember choice', async () => {
    setSession(sampleSession, { remember: true });
    mockFetch(jsonResponse(200, { data: { ...me, twoFactorEnrollmentRequired: true } }));
    const answer = await confirmSession();
    expect(answer.twoFactorEnrollmentRequired).toBe(true);
    expect(getSession()).toMatchObject({ accountId: 'acc-1', accountName: 'Friends of Ada' });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null').remember).toBe(true);
  });

  it("follows the account the session acts in when the answer names the role, with that role's permissions", async () => {
    setSession(sampleSession, { remember: true });
    mockFetch(jsonResponse(200, { data: { ...me, role: 'treasurer', permissions: ['contacts.read', 'money.write'] } }));
    await confirmSession();
    expect(getSession()).toMatchObject({
      accountId: 'acc-0',
      accountName: 'Analytical Engines',
      role: 'treasurer',
      permissions: ['contacts.read', 'money.write'],
    });
  });

  it('a 401 means signed out, and clears what was cached', async () => {
    setSession(sampleSession, { remember: true });
    mockFetch(jsonResponse(401, { message: 'Unauthorized' }));
    await expect(confirmSession()).resolves.toEqual({ session: null, twoFactorEnrollmentRequired: false });
    expect(getSessionStatus()).toBe('signed-out');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('an unreachable server changes nothing', async () => {
    mockFetch(jsonResponse(503, { message: 'Service unavailable' }));
    await expect(confirmSession()).rejects.toMatchObject({ status: 503 });
    expect(getSessionStatus()).toBe('unknown');
    setSession(sampleSession, { remember: true });
    mockFetch(new TypeError('Failed to fetch'));
    await expect(confirmSession()).rejects.toMatchObject({ status: 0 });
    expect(getSession()).toEqual(sampleSession);
  });

  it('callers at the same time share one request', async () => {
    const { calls } = mockFetch(jsonResponse(200, { data: me }));
    const [first, second] = await Promise.all([confirmSession(), confirmSession()]);
    expect(calls).toHaveLength(1);
    expect(second).toBe(first);
  });

  it('an answer overtaken by a sign-out is not applied', async () => {
    const reply = deferred();
    global.fetch = jest.fn(() => reply.promise) as unknown as typeof fetch;
    const asked = confirmSession();
    act(() => setSession(null));
    reply.release(jsonResponse(200, { data: me }));
    await expect(asked).resolves.toEqual({ session: null, twoFactorEnrollmentRequired: false });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('useSessionCheck', () => {
  it('checks with the server before answering signed-out', async () => {
    mockFetch(jsonResponse(401, { message: 'Unauthorized' }));
    const { result } = renderHook(() => useSessionCheck());
    expect(result.current.status).toBe('checking');
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
  });

  it('answers signed-in with the session the server names', async () => {
    mockFetch(jsonResponse(200, { data: me }));
    const { result } = renderHook(() => useSessionCheck());
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(result.current.session?.user.name).toBe('Ada Lovelace');
  });

  it('does not ask when the session is already known', () => {
    setSession(sampleSession, { remember: false });
    const { calls } = mockFetch();
    const { result } = renderHook(() => useSessionCheck());
    expect(result.current).toEqual({ status: 'signed-in', session: sampleSession });
    act(() => setSession(null));
    expect(result.current.status).toBe('signed-out');
    expect(calls).toHaveLength(0);
  });

  it('offers a retry when the server cannot be reached', async () => {
    mockFetch(new TypeError('Failed to fetch'), jsonResponse(200, { data: me }));
    const { result } = renderHook(() => useSessionCheck());
    await waitFor(() => expect(result.current.status).toBe('unreachable'));
    const check = result.current;
    if (check.status !== 'unreachable') throw new Error('expected unreachable');
    expect(check.error).toMatchObject({ status: 0 });
    act(() => check.retry());
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
  });
});
