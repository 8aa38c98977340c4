import { act, screen } from '@testing-library/react';
import { getSession, setSession } from '@caucus/platform';
import { mockApi, type MockReply } from '@caucus/platform/testing';
import { productCalls, renderSite } from '../../test/fixtures';
import { verifyCheckoutSession } from '../api/signupApi';

const PAID = {
  status: 'paid',
  planId: 'growth',
  signedIn: true,
  token: 'not-for-the-browser',
  user: { id: 'u-9', email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
  accounts: [{ id: 'acc-9', name: 'Friends of Ada', organizationType: '501c3' }],
};

function mockVerify(reply: () => MockReply | Promise<MockReply>) {
  return mockApi((url) => (url.pathname.startsWith('/api/billing/checkout-session/') ? reply() : { body: { data: {} } }));
}

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  act(() => setSession(null));
  sessionStorage.clear();
  localStorage.clear();
});

test('without session_id it shows the invalid-session message, Try Again and support mail link', async () => {
  const fetchMock = mockVerify(() => ({ body: { data: PAID } }));
  renderSite('/signup/success');
  expect(screen.getByRole('alert')).toHaveTextContent('Invalid session. Please try again.');
  expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/signup');
  expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toMatch(/^mailto:support@caucus\.app/);
  expect(productCalls(fetchMock)).toHaveLength(0);
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
});

test('processes for 2 seconds, signs in, welcomes, then opens the dashboard 5 seconds later', async () => {
  const fetchMock = mockVerify(() => ({ body: { data: PAID } }));
  renderSite('/signup/success?session_id=cs_local_abc');
  expect(screen.getByRole('heading', { level: 1, name: 'Processing Your Payment...' })).toBeInTheDocument();
  await advance(1900);
  expect(screen.getByRole('heading', { level: 1, name: 'Processing Your Payment...' })).toBeInTheDocument();
  expect(productCalls(fetchMock).map((call) => call.path)).toEqual(['/api/billing/checkout-session/cs_local_abc']);

  await advance(100);
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Caucus!' })).toBeInTheDocument();
  for (const item of ['Account created', 'Payment processed', 'Full access activated', 'Welcome email sent']) {
    expect(screen.getByText(item)).toBeInTheDocument();
  }
  expect(screen.getByRole('heading', { name: 'Next steps' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');

  const session = getSession();
  expect(session).toMatchObject({ accountId: 'acc-9', accountName: 'Friends of Ada', user: { id: 'u-9', name: 'Ada Lovelace' } });
  // Cached for every tab of the browser, for the browser session only (the cookie has no Max-Age).
  expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ accountId: 'acc-9', remember: false });
  expect(sessionStorage.getItem('user')).toBeNull();
  expect(localStorage.getItem('user')).not.toContain('not-for-the-browser');

  await advance(4900);
  expect(screen.getByTestId('location')).toHaveTextContent('/signup/success?session_id=cs_local_abc');
  await advance(100);
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
});

// Another browser holding the session id, or a spent signup cookie: paid and active, but not signed in.
const PAID_ELSEWHERE = { status: 'paid', planId: 'growth', signedIn: false };

test('paid but not signed in here: welcomes, then sends a browser without a stored session to /login after 5 seconds', async () => {
  mockVerify(() => ({ body: { data: PAID_ELSEWHERE } }));
  renderSite('/signup/success?session_id=cs_local_shared');
  act(() => setSession(null));
  await advance(2000);
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Caucus!' })).toBeInTheDocument();
  expect(screen.getByText('Payment processed')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');
  expect(screen.getByText(/Sign in with your email and password/)).toBeInTheDocument();
  expect(getSession()).toBeNull();
  expect(localStorage.getItem('user')).toBeNull();

  await advance(4900);
  expect(screen.getByTestId('location')).toHaveTextContent('/signup/success?session_id=cs_local_shared');
  await advance(100);
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
});

test('paid but not signed in again (a reload after signing in) keeps the stored session and opens the dashboard', async () => {
  mockVerify(() => ({ body: { data: PAID_ELSEWHERE } }));
  renderSite('/signup/success?session_id=cs_local_abc');
  await advance(2000);
  expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  expect(getSession()?.accountId).toBe('a1');
  await advance(5000);
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
});

test('calls made while one is in flight share it, so the one-time sign-in is not lost to a double effect', async () => {
  const fetchMock = mockVerify(() => ({ body: { data: PAID } }));
  const [one, two] = await Promise.all([verifyCheckoutSession('cs_twice'), verifyCheckoutSession('cs_twice')]);
  expect(one).toEqual(PAID);
  expect(two).toBe(one);
  expect(productCalls(fetchMock)).toHaveLength(1);
  await verifyCheckoutSession('cs_twice');
  expect(productCalls(fetchMock)).toHaveLength(2);
});

test('a slow answer keeps the processing screen until it arrives', async () => {
  let release: (reply: MockReply) => void = () => undefined;
  mockVerify(() => new Promise<MockReply>((resolve) => (release = resolve)));
  renderSite('/signup/success?session_id=cs_slow');
  await advance(3000);
  expect(screen.getByRole('heading', { level: 1, name: 'Processing Your Payment...' })).toBeInTheDocument();
  await act(async () => release({ body: { data: PAID } }));
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Caucus!' })).toBeInTheDocument();
});

test.each<[string, () => MockReply | Promise<MockReply>, string]>([
  ['unpaid', () => ({ status: 402, body: { message: 'Payment not completed' } }), 'Payment not completed'],
  ['unknown session', () => ({ status: 404, body: { message: 'Invalid session. Please try again.' } }), 'Invalid session. Please try again.'],
  ['no message', () => ({ status: 500, body: {} }), 'Failed to verify payment. Please contact support.'],
  ['not paid in the answer', () => ({ body: { data: { status: 'open' } } }), 'Failed to verify payment. Please contact support.'],
  [
    'signed in without a user',
    () => ({ body: { data: { status: 'paid', planId: 'growth', signedIn: true } } }),
    'Failed to verify payment. Please contact support.',
  ],
  ['network failure', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to verify payment. Please contact support.'],
])('%s shows the failure screen after the processing delay', async (_name, reply, text) => {
  mockVerify(reply);
  renderSite('/signup/success?session_id=cs_bad');
  await advance(1000);
  expect(screen.getByRole('heading', { level: 1, name: 'Processing Your Payment...' })).toBeInTheDocument();
  await advance(1000);
  expect(screen.getByRole('alert')).toHaveTextContent(text);
  expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/signup');
  expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  // renderAt starts with the test session; a failed check must not replace it.
  expect(getSession()?.accountId).toBe('a1');
  await advance(6000);
  expect(screen.getByTestId('location')).toHaveTextContent('/signup/success?session_id=cs_bad');
});
