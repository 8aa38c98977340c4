import { act, renderHook } from '@testing-library/react';
import { caucusStore } from './store';
import {
  BROWSER_SESSION_COOKIE,
  forgetSessionState,
  getSession,
  getSessionStatus,
  readStoredSession,
  SESSION_STORAGE_KEY,
  sessionAtom,
  setSession,
} from './sessionState';
import { sessionFromLogin } from './sessionFromLogin';
import { jsonResponse, mockFetch, sampleSession } from './testUtils';
import { useSession } from './useSession';

const originalFetch = global.fetch;

/** What the browser does to session cookies when it closes. */
function closeBrowser(): void {
  document.cookie = `${BROWSER_SESSION_COOKIE}=; Path=/; Max-Age=0`;
}

/** A tab opened now: the shared storage and cookies as they are, nothing in its memory. */
function openNewTab(): void {
  forgetSessionState();
}

/** What the browser delivers to the other tabs of a localStorage change made in one of them. */
function changeInOtherTab(newValue: string | null, key: string | null = SESSION_STORAGE_KEY): void {
  if (key === null) localStorage.clear();
  else if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
  });
}

afterEach(() => {
  global.fetch = originalFetch;
  jest.restoreAllMocks();
  setSession(null);
  localStorage.clear();
  sessionStorage.clear();
  closeBrowser();
});

describe('cached profile', () => {
  it.each([true, false])('is kept in localStorage under "user", which every tab shares (remember %s)', (remember) => {
    setSession(sampleSession, { remember });
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    expect(stored).toEqual({ ...sampleSession, remember });
    expect(sessionStorage.length).toBe(0);
    openNewTab();
    expect(getSession()).toEqual(sampleSession);
    expect(getSessionStatus()).toBe('signed-in');
  });

  it('stores the profile only, never a token', () => {
    setSession({ ...sampleSession, token: 'secret' } as typeof sampleSession, { remember: true });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toContain('secret');
    expect(document.cookie).not.toContain('secret');
  });

  it('without remember, marks the browser session with a cookie that has no Max-Age or Expires', () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    jest.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      written.push(value);
      descriptor.set!.call(this, value);
    });
    setSession(sampleSession, { remember: false });
    expect(written).toEqual([`${BROWSER_SESSION_COOKIE}=1; Path=/; SameSite=Strict`]);
    expect(document.cookie).toContain(`${BROWSER_SESSION_COOKIE}=1`);
  });

  it('without remember, is forgotten once the browser has closed, like the session cookie', () => {
    setSession(sampleSession, { remember: false });
    closeBrowser();
    openNewTab();
    expect(getSession()).toBeNull();
    expect(getSessionStatus()).toBe('unknown');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('with remember, outlives the browser session, like the persistent cookie', () => {
    setSession(sampleSession, { remember: true });
    closeBrowser();
    openNewTab();
    expect(getSession()).toEqual(sampleSession);
  });

  it('an update without options keeps the remember choice', () => {
    setSession(sampleSession, { remember: true });
    setSession({ ...sampleSession, accountName: 'Renamed' });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ accountName: 'Renamed', remember: true });
    setSession(sampleSession, { remember: false });
    setSession({ ...sampleSession, accountName: 'Again' });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ accountName: 'Again', remember: false });
  });

  it('ignores malformed values and a profile left in sessionStorage by an older version', () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(sampleSession));
    expect(readStoredSession()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...sampleSession, remember: true }));
    expect(readStoredSession()).toEqual(sampleSession);
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(readStoredSession()).toBeNull();
  });

  it('clearing removes the profile, the browser-session cookie and the atom', () => {
    setSession(sampleSession, { remember: false });
    setSession(null);
    expect(caucusStore.get(sessionAtom)).toBeNull();
    expect(getSessionStatus()).toBe('signed-out');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(document.cookie).not.toContain(BROWSER_SESSION_COOKIE);
  });
});

describe('status', () => {
  it('is unknown in a new tab with nothing cached, until something is learned', () => {
    openNewTab();
    expect(getSessionStatus()).toBe('unknown');
    setSession(null);
    expect(getSessionStatus()).toBe('signed-out');
  });
});

describe('other tabs', () => {
  it('a sign-out in another tab signs this one out', () => {
    setSession(sampleSession, { remember: true });
    const { result } = renderHook(() => useSession());
    expect(result.current.session).toEqual(sampleSession);
    changeInOtherTab(null);
    expect(result.current.session).toBeNull();
    expect(getSessionStatus()).toBe('signed-out');
  });

  it('a cleared storage in another tab signs this one out', () => {
    setSession(sampleSession, { remember: true });
    changeInOtherTab(null, null);
    expect(getSession()).toBeNull();
  });

  it('a sign-in or profile edit in another tab reaches this one', () => {
    setSession(null);
    const { result } = renderHook(() => useSession());
    changeInOtherTab(JSON.stringify({ ...sampleSession, accountName: 'Edited', remember: true }));
    expect(result.current.session).toEqual({ ...sampleSession, accountName: 'Edited' });
  });

  it('other keys of the storage are not about the session', () => {
    setSession(sampleSession, { remember: true });
    changeInOtherTab('x', 'something-else');
    expect(getSession()).toEqual(sampleSession);
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
