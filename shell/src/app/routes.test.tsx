import { act, screen, waitFor } from '@testing-library/react';
import { getSession, SESSION_STORAGE_KEY } from '@caucus/platform';
import type { Workspace } from '@caucus/contract';
import { loadSection } from '../federation/remotes';
import { mockApi } from '../test/mockApi';
import { demoSession, loginData } from '../test/fixtures';
import { renderApp, resetAppState } from '../test/renderApp';

jest.mock('../federation/remotes');

afterEach(() => {
  resetAppState();
  jest.clearAllMocks();
});

/** What the browser delivers to this tab when another tab of it changes the cached profile. */
function otherTabWrites(value: string | null) {
  if (value === null) window.localStorage.removeItem(SESSION_STORAGE_KEY);
  else window.localStorage.setItem(SESSION_STORAGE_KEY, value);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: value, storageArea: window.localStorage }));
  });
}

describe('dashboard guard', () => {
  test('sends a visitor to /login once the server says no one is signed in', async () => {
    const api = mockApi({ 'GET /auth/me': { status: 401, body: { message: 'Unauthorized' } } });
    const { location } = await renderApp('/dashboard/contacts/42');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(api.callsTo('GET', '/auth/me')).toHaveLength(1);
  });

  test('a new tab with nothing cached is signed in when the browser is (GET /api/auth/me), not sent to /login', async () => {
    const api = mockApi({ 'GET /auth/me': { body: loginData } });
    const { location } = await renderApp('/dashboard?section=contacts&contact=c-7&view=detail');
    expect(await screen.findByTestId('section-mfe_contacts')).toBeInTheDocument();
    expect(location()).toBe('/dashboard/contacts/c-7');
    expect(getSession()?.user.name).toBe('Dana Rivera');
    // One question for the guard and the page-load check together.
    expect(api.callsTo('GET', '/auth/me')).toHaveLength(1);
  });

  test('a new tab of a user who must set up two-factor sign-in is taken to the setup', async () => {
    mockApi({ 'GET /auth/me': { body: { ...loginData, twoFactorEnrollmentRequired: true } } });
    const { location } = await renderApp('/dashboard/contacts');
    await waitFor(() => expect(location()).toBe('/dashboard/settings/security'));
  });

  test('a server that cannot be reached is not a sign-out: Retry asks again', async () => {
    let attempts = 0;
    mockApi({ 'GET /auth/me': () => (++attempts === 1 ? new TypeError('Failed to fetch') : { body: loginData }) });
    const { user, location } = await renderApp('/dashboard');
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('Could not check your sign-in');
    expect(location()).toBe('/dashboard');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: /^Welcome( back)?, Dana!$/ })).toBeInTheDocument();
  });

  test('a sign-out in another tab sends this one to /login at once', async () => {
    mockApi({ 'GET /auth/me': { body: loginData } });
    const { location } = await renderApp('/dashboard/campaigns', { session: demoSession });
    expect(await screen.findByTestId('section-mfe_campaigns')).toBeInTheDocument();
    otherTabWrites(null);
    await waitFor(() => expect(location()).toBe('/login'));
    expect(getSession()).toBeNull();
  });

  test('the data of an ended session is not kept for whoever signs in next', async () => {
    const workspace: Workspace = {
      organizationName: 'Rivera for Council',
      logo: null,
      primaryColor: '#667eea',
      timezone: 'UTC',
      dateFormat: 'MM/DD/YYYY',
      language: 'en',
      subscription: { status: 'active', readOnly: false, message: null },
    };
    const api = mockApi({ 'GET /auth/me': { body: loginData }, 'GET /settings/workspace': { body: workspace } });
    const { router, location } = await renderApp('/dashboard', { session: demoSession });
    await waitFor(() => expect(api.callsTo('GET', '/settings/workspace')).toHaveLength(1));
    otherTabWrites(null);
    await waitFor(() => expect(location()).toBe('/login'));
    otherTabWrites(JSON.stringify({ ...demoSession, remember: true }));
    await act(() => router.navigate('/dashboard'));
    // Asked again, although the first answer is still fresh (createQueryClient's staleTime).
    await waitFor(() => expect(api.callsTo('GET', '/settings/workspace')).toHaveLength(2));
  });

  test('a sign-in in another tab reaches a tab that was signed out', async () => {
    mockApi({ 'GET /auth/me': { status: 401, body: { message: 'Unauthorized' } } });
    const { router, location } = await renderApp('/dashboard');
    await waitFor(() => expect(location()).toBe('/login'));
    otherTabWrites(JSON.stringify({ ...demoSession, remember: true }));
    await act(() => router.navigate('/dashboard'));
    expect(await screen.findByRole('heading', { name: /^Welcome( back)?, Dana!$/ })).toBeInTheDocument();
  });

  test('confirms a stored session with /api/auth/me and keeps the user in', async () => {
    const api = mockApi({ 'GET /auth/me': { body: loginData } });
    const { location } = await renderApp('/dashboard', { session: demoSession });
    expect(await screen.findByRole('heading', { name: /^Welcome( back)?, Dana!$/ })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/auth/me')).toHaveLength(1));
    expect(location()).toBe('/dashboard');
  });

  test('a 401 from /api/auth/me clears the stored session and leads to /login', async () => {
    mockApi({ 'GET /auth/me': { status: 401, body: { message: 'Not signed in' } } });
    const { location } = await renderApp('/dashboard/campaigns', { session: demoSession });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  test('a 401 from any API call navigates to /login through the router', async () => {
    mockApi({ 'GET /auth/me': { body: loginData }, 'GET /contacts': { status: 401, body: {} } });
    const { location } = await renderApp('/dashboard', { session: demoSession });
    await screen.findByRole('heading', { name: /^Welcome( back)?, Dana!$/ });
    const { api } = await import('@caucus/platform');
    await act(async () => {
      await expect(api.get('/contacts')).rejects.toThrow('Unauthorized');
    });
    await waitFor(() => expect(location()).toBe('/login'));
  });
});

describe('the first deep links', () => {
  beforeEach(() => {
    mockApi({ 'GET /auth/me': { body: loginData } });
  });

  test.each([
    ['/dashboard?section=contacts&contact=c-7&view=detail', '/dashboard/contacts/c-7'],
    ['/dashboard?contact=c-7', '/dashboard/contacts/c-7'],
    ['/dashboard?section=campaigns', '/dashboard/campaigns'],
    ['/dashboard?section=events', '/dashboard/events'],
    ['/dashboard?section=calls-meetings', '/dashboard/calls-meetings'],
    ['/dashboard?section=settings', '/dashboard/settings'],
    ['/dashboard?section=dashboard', '/dashboard'],
    ['/dashboard?section=unknown', '/dashboard'],
  ])('%s lands on %s', async (from, to) => {
    const { location } = await renderApp(from, { session: demoSession });
    await waitFor(() => expect(location()).toBe(to));
  });

  test('the contact deep link renders the contacts section', async () => {
    await renderApp('/dashboard?section=contacts&contact=c-7&view=detail', { session: demoSession });
    expect(await screen.findByTestId('section-mfe_contacts')).toBeInTheDocument();
    expect(loadSection).toHaveBeenCalledWith('mfe_contacts');
    expect(document.title).toBe('Caucus — Contact Details');
  });
});

describe('routes', () => {
  beforeEach(() => {
    mockApi({ 'GET /auth/me': { body: loginData } });
  });

  test.each([
    ['/', 'Caucus — Home'],
    ['/pricing', 'Caucus — Pricing'],
    ['/signup?plan=growth', 'Caucus — Sign Up'],
  ])('public page %s renders the marketing remote', async (path, title) => {
    await renderApp(path);
    expect(await screen.findByTestId('section-mfe_marketing')).toBeInTheDocument();
    expect(document.title).toBe(title);
  });

  test.each([
    ['/dashboard/contacts', 'mfe_contacts'],
    ['/dashboard/lists/abc/edit', 'mfe_lists'],
    ['/dashboard/campaigns', 'mfe_campaigns'],
    ['/dashboard/events/e-1', 'mfe_events'],
    ['/dashboard/data', 'mfe_data'],
    ['/dashboard/communication/templates', 'mfe_communication'],
    ['/dashboard/calls-meetings/sessions/s-1', 'mfe_calls'],
    ['/dashboard/financials', 'mfe_financials'],
    ['/dashboard/financials/reports/r-1', 'mfe_financials'],
  ])('%s renders %s inside the frame', async (path, remote) => {
    await renderApp(path, { session: demoSession });
    expect(await screen.findByTestId(`section-${remote}`)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search contacts, campaigns, events...')).toBeInTheDocument();
  });

  test('the settings overview lists the settings areas', async () => {
    await renderApp('/dashboard/settings', { session: demoSession });
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    for (const area of ['Account', 'Organization', 'Security', 'Payment', 'Notifications']) {
      expect(screen.getByRole('heading', { name: area })).toBeInTheDocument();
    }
  });

  test('scrolls to the top on navigation', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = await renderApp('/dashboard', { session: demoSession });
    await screen.findByRole('heading', { name: /^Welcome( back)?, Dana!$/ });
    scrollTo.mockClear();
    await act(() => router.navigate('/dashboard/events'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(document.title).toBe('Caucus — Events');
    scrollTo.mockRestore();
  });
});
