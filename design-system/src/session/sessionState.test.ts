import { act, renderHook } from '@testing-library/react';
import { caucusStore } from '../store';
import { readStoredSession, SESSION_STORAGE_KEY, sessionAtom, setSession } from './sessionState';
import { sessionFromLogin } from './sessionFromLogin';
import { jsonResponse, mockFetch, sampleSession } from './testUtils';
import { useSession } from './useSession';

const originalFetch = global.fetch;

afterEach(() => {
  global.fetch = originalFetch;
  setSession(null);
  localStorage.clear();
  sessionStorage.clear();
});

describe('session storage', () => {
  it('with remember stores the profile in localStorage under "user"', () => {
    setSession(sampleSession, { remember: true });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(sampleSession);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('without remember stores it in sessionStorage only, so it ends with the browser session', () => {
    setSession(sampleSession, { remember: false });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('stores the profile only, never a token', () => {
    setSession({ ...sampleSession, token: 'secret' } as typeof sampleSession, { remember: true });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toContain('secret');
  });

  it('an update without options stays in the storage already used', () => {
    setSession(sampleSession, { remember: true });
    setSession({ ...sampleSession, accountName: 'Renamed' });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null').accountName).toBe('Renamed');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('reads from either storage and ignores malformed values', () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(sampleSession));
    expect(readStoredSession()).toEqual(sampleSession);
    sessionStorage.clear();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(sampleSession));
    expect(readStoredSession()).toEqual(sampleSession);
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(readStoredSession()).toBeNull();
  });

  it('clearing removes both storages and the atom', () => {
    setSession(sampleSession, { remember: true });
    setSession(null);
    expect(caucusStore.get(sessionAtom)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('useSession', () => {
  it('exposes and updates the shared session', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.session).toBeNull();
    act(() => result.current.setSession(sampleSession, { remember: true }));
    expect(result.current.session?.user.name).toBe('Ada Lovelace');
  });

  it('signOut calls the logout endpoint and clears the session even if the server fails', async () => {
    setSession(sampleSession, { remember: true });
    const { calls } = mockFetch(jsonResponse(500, { message: 'down' }));
    const { result } = renderHook(() => useSession());
    await act(() => result.current.signOut());
    expect(calls[0].url).toBe('/api/auth/logout');
    expect(result.current.session).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('sessionFromLogin', () => {
  it('maps the login data to the stored session', () => {
    const session = sessionFromLogin({
      user: { id: 'u-9', email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' },
      accounts: [
        { id: 'acc-9', name: 'Hopper for Council', organizationType: 'campaign' },
        { id: 'acc-10', name: 'Navy Alumni', organizationType: 'nonprofit' },
      ],
    });
    expect(session).toEqual({
      user: { id: 'u-9', email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper', name: 'Grace Hopper' },
      accounts: [
        { id: 'acc-9', name: 'Hopper for Council', organizationType: 'campaign' },
        { id: 'acc-10', name: 'Navy Alumni', organizationType: 'nonprofit' },
      ],
      accountId: 'acc-9',
      accountName: 'Hopper for Council',
      organizationType: 'campaign',
    });
  });
});
