import { act, screen } from '@testing-library/react';
import { analytics, BROWSER_SESSION_COOKIE, getSession, SESSION_STORAGE_KEY } from '@caucus/platform';
import { mockApi } from '../test/mockApi';
import { loginData } from '../test/fixtures';
import { renderApp, resetAppState } from '../test/renderApp';

jest.mock('../federation/remotes');

afterEach(() => {
  resetAppState();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

async function fillAndSubmit(user: Awaited<ReturnType<typeof renderApp>>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

test('shows the page with remember me, the forgot-password and signup links and the highlights', async () => {
  mockApi({});
  await renderApp('/login');
  expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  expect(screen.getByText('Donor & voter CRM')).toBeInTheDocument();
  expect(document.title).toBe('Caucus — Login');
});

test('validates the fields on the client with the documented texts', async () => {
  const api = mockApi({});
  const { user } = await renderApp('/login');

  await fillAndSubmit(user, '', '');
  expect(screen.getByText('Email is required')).toBeInTheDocument();
  expect(screen.getByText('Password is required')).toBeInTheDocument();

  await fillAndSubmit(user, 'not-an-email', 'secret');
  expect(screen.getByText('Email is invalid')).toBeInTheDocument();
  expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  expect(api.callsTo('POST', '/auth/login')).toHaveLength(0);
});

test('reads Signing In... while submitting, then welcomes back and opens the dashboard after 2 seconds', async () => {
  jest.useFakeTimers();
  const track = jest.spyOn(analytics, 'track');
  let answer: (reply: { body: unknown }) => void = () => {};
  const api = mockApi({
    'POST /auth/login': () => new Promise((resolve) => (answer = resolve)),
    'GET /auth/me': { body: loginData },
  });
  const { user, location } = await renderApp('/login', { fakeTimers: true });

  await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await fillAndSubmit(user, 'demo@caucus.local', 'caucus-demo');
  expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
  expect(api.callsTo('POST', '/auth/login')[0].body).toEqual({
    email: 'demo@caucus.local',
    password: 'caucus-demo',
    rememberMe: true,
  });

  await act(async () => answer({ body: { ...loginData, token: 'not-for-browsers' } }));
  expect(await screen.findByText('Welcome Back!')).toBeInTheDocument();
  expect(getSession()?.user.name).toBe('Dana Rivera');
  // Remembered: the profile (never the token) survives the browser closing.
  const stored = window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '';
  expect(JSON.parse(stored)).toMatchObject({ accountName: 'Rivera for Council', remember: true });
  expect(stored).not.toContain('not-for-browsers');
  expect(location()).toBe('/login');

  act(() => jest.advanceTimersByTime(1999));
  expect(location()).toBe('/login');
  act(() => jest.advanceTimersByTime(1));
  expect(location()).toBe('/dashboard');
  expect(await screen.findByRole('heading', { name: /^Welcome( back)?, Dana!$/ })).toBeInTheDocument();
  expect(track).toHaveBeenCalledWith('login', expect.objectContaining({ method: 'password' }));
});

test('without remember me the profile is shared by every tab, for the browser session only', async () => {
  mockApi({ 'POST /auth/login': { body: loginData } });
  const { user } = await renderApp('/login');
  await fillAndSubmit(user, 'demo@caucus.local', 'caucus-demo');
  expect(await screen.findByText('Welcome Back!')).toBeInTheDocument();
  // localStorage, which every tab reads (sessionStorage is one tab's), tied to the browser session.
  expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ user: { id: 'u-1' }, remember: false });
  expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  expect(document.cookie).toContain(`${BROWSER_SESSION_COOKIE}=1`);
});

test('shows the server message under the form', async () => {
  mockApi({ 'POST /auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
  const { user, location } = await renderApp('/login');
  await fillAndSubmit(user, 'demo@caucus.local', 'wrong-password');
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  expect(location()).toBe('/login');
  expect(getSession()).toBeNull();
});

test("falls back to 'Login failed' when the server gives no message", async () => {
  mockApi({ 'POST /auth/login': { status: 500, body: {} } });
  const { user } = await renderApp('/login');
  await fillAndSubmit(user, 'demo@caucus.local', 'caucus-demo');
  expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
});

test('explains a network failure', async () => {
  mockApi({ 'POST /auth/login': new TypeError('Failed to fetch') });
  const { user } = await renderApp('/login');
  await fillAndSubmit(user, 'demo@caucus.local', 'caucus-demo');
  expect(await screen.findByRole('alert')).toHaveTextContent('A network error occurred. Please check your connection and try again.');
});
