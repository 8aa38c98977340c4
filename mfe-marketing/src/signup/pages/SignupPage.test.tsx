import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analytics } from '@caucus/platform';
import { mockApi, type MockReply } from '@caucus/platform/testing';
import { PLANS, analyticsEvents, productCalls, renderSite } from '../../test/fixtures';
import { browser } from '../utils/browser';

type Replies = {
  signup?: () => MockReply | Promise<MockReply>;
  checkout?: () => MockReply | Promise<MockReply>;
  checkEmail?: () => MockReply | Promise<MockReply>;
};

function mockSignupApi(replies: Replies = {}) {
  return mockApi((url, init) => {
    if (url.pathname === '/api/billing/plans') return { body: { data: { plans: PLANS } } };
    if (url.pathname === '/api/auth/signup/check-email' && init?.method === 'POST') {
      return replies.checkEmail?.() ?? { body: { data: { available: true } } };
    }
    if (url.pathname === '/api/auth/signup' && init?.method === 'POST') {
      return replies.signup?.() ?? { status: 201, body: { data: { accountId: 'acc-1', email: 'ada@example.org', planId: 'growth' } } };
    }
    if (url.pathname === '/api/billing/create-checkout-session' && init?.method === 'POST') {
      return replies.checkout?.() ?? { body: { data: { sessionId: 'cs_local_abc', url: '/api/billing/local-checkout/cs_local_abc' } } };
    }
    return { body: { data: {} } };
  });
}

const ACCOUNT = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  Email: 'ada@example.org',
  Password: 'correct-horse',
  'Confirm password': 'correct-horse',
  'Organization name': 'Friends of Ada',
  'Phone number': '555-0100',
};

async function fillAccount(user: ReturnType<typeof userEvent.setup>, overrides: Partial<Record<keyof typeof ACCOUNT, string>> = {}) {
  for (const [label, value] of Object.entries({ ...ACCOUNT, ...overrides })) {
    if (value) await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
  }
  await user.selectOptions(screen.getByLabelText(/Organization type/), '501c3');
  await user.click(screen.getByRole('checkbox'));
}

async function continueStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

async function reachPayment(path = '/signup?plan=growth') {
  const user = userEvent.setup();
  const fetchMock = mockSignupApi();
  renderSite(path);
  await screen.findByRole('radio', { name: 'Growth plan' });
  await continueStep(user);
  await fillAccount(user);
  await continueStep(user);
  expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
  return { user, fetchMock };
}

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  assign.mockRestore();
  window.sessionStorage.clear();
});

describe('signup step 1: Choose Plan', () => {
  test('?plan= preselects the plan; the page has no shared layout and links to sign in', async () => {
    mockSignupApi();
    renderSite('/signup?plan=team');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Plan' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Team plan' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Growth plan' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/Already have an account\?/)).toHaveTextContent('Already have an account? Sign in');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  test('Continue without a plan says "Please select a plan"; choosing one clears it', async () => {
    const user = userEvent.setup();
    mockSignupApi();
    renderSite('/signup');
    await screen.findByRole('radio', { name: 'Starter plan' });
    await continueStep(user);
    expect(screen.getByText('Please select a plan')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Plan' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Starter plan' }));
    expect(screen.queryByText('Please select a plan')).not.toBeInTheDocument();
    await continueStep(user);
    expect(screen.getByRole('heading', { level: 1, name: 'Account & Organization' })).toBeInTheDocument();
  });

  test('an unknown ?plan= is not selected', async () => {
    const user = userEvent.setup();
    mockSignupApi();
    renderSite('/signup?plan=platinum');
    await screen.findByRole('radio', { name: 'Starter plan' });
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(0);
    await continueStep(user);
    expect(screen.getByText('Please select a plan')).toBeInTheDocument();
  });
});

describe('signup step 2: Account & Organization', () => {
  async function openStep2() {
    const user = userEvent.setup();
    mockSignupApi();
    renderSite('/signup?plan=growth');
    await screen.findByRole('radio', { name: 'Growth plan' });
    await continueStep(user);
    expect(screen.getByRole('heading', { level: 1, name: 'Account & Organization' })).toBeInTheDocument();
    return user;
  }

  test('Continue on an empty form shows every required message', async () => {
    const user = await openStep2();
    await continueStep(user);
    for (const text of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Organization name is required',
      'Organization type is required',
      'Phone number is required',
      'You must agree to the terms and conditions',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 1, name: 'Account & Organization' })).toBeInTheDocument();
  });

  test('email shape, password length and confirmation have their own messages', async () => {
    const user = await openStep2();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'shorter');
    await continueStep(user);
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
  });

  test("a field's error clears when that field is edited, the others stay", async () => {
    const user = await openStep2();
    await continueStep(user);
    await user.type(screen.getByLabelText(/^First name/), 'A');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Organization type/), 'nonprofit');
    expect(screen.queryByText('Organization type is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    expect(screen.queryByText('You must agree to the terms and conditions')).not.toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
  });

  test('organization types are the six documented values with readable labels', async () => {
    await openStep2();
    const options = within(screen.getByLabelText(/Organization type/)).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).toEqual(['', 'political', 'nonprofit', '501c3', '501c4', '501c6', 'other']);
    expect(options.map((option) => option.textContent)).toEqual([
      'Select organization type',
      'Political campaign',
      'Nonprofit',
      '501(c)(3) charity',
      '501(c)(4) social welfare',
      '501(c)(6) trade association',
      'Other',
    ]);
  });

  test('Back returns one step, keeping the choice; Continue with valid data reaches Payment', async () => {
    const user = await openStep2();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Plan' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Growth plan' })).toBeChecked();
    await continueStep(user);
    await fillAccount(user);
    await continueStep(user);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Account & Organization' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Ada');
  });
});

describe('signup step 3: Payment', () => {
  test('shows the order summary and billing info, and the exact payment button', async () => {
    await reachPayment();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Growth plan')).toBeInTheDocument();
    expect(within(summary).getByText('$200/month')).toBeInTheDocument();
    const billing = screen.getByRole('region', { name: 'Billing information' });
    expect(within(billing).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(billing).getByText('Friends of Ada')).toBeInTheDocument();
    expect(within(billing).getByText('501(c)(3) charity')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Payment - $200/month' })).toBeEnabled();
  });

  test('creates the account, then the checkout session without the password, then leaves for checkout', async () => {
    const { user, fetchMock } = await reachPayment();
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $200/month' }));
    expect(assign).toHaveBeenCalledWith('/api/billing/local-checkout/cs_local_abc');

    const calls = productCalls(fetchMock).filter((call) => call.method === 'POST');
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/signup/check-email', '/api/auth/signup', '/api/billing/create-checkout-session']);
    // Step 2 asked about the address alone.
    expect(calls.shift()?.body).toEqual({ email: 'ada@example.org' });
    expect(calls[0].body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      password: 'correct-horse',
      confirmPassword: 'correct-horse',
      organizationName: 'Friends of Ada',
      organizationType: '501c3',
      phone: '555-0100',
      planId: 'growth',
      agreeToTerms: true,
    });
    expect(calls[1].body).toEqual({
      planId: 'growth',
      successUrl: 'http://localhost/signup/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost/signup?plan=growth',
      customerEmail: 'ada@example.org',
      metadata: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        organizationName: 'Friends of Ada',
        organizationType: '501c3',
        phone: '555-0100',
      },
    });
    expect(JSON.stringify(calls[1].body)).not.toContain('correct-horse');

    await act(async () => {
      await analytics.flush();
    });
    const names = analyticsEvents(fetchMock).map((event) => event.name);
    expect(names).toEqual(expect.arrayContaining(['button_click', 'sign_up', 'form_submit_success']));
  });

  test('sends the token of the emailed start-over link, so this browser may take the address over', async () => {
    const token = 'R'.repeat(43);
    const { user, fetchMock } = await reachPayment(`/signup?plan=growth&restart=${token}`);
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $200/month' }));
    const signup = productCalls(fetchMock).find((call) => call.path === '/api/auth/signup');
    expect(signup?.body).toMatchObject({ email: 'ada@example.org', restartToken: token });
  });

  test('shows why another browser is refused while a signup is in progress', async () => {
    const user = userEvent.setup();
    const message =
      'A signup with this email is already in progress in another browser. We have emailed this address a link: open it to start over here, or finish the signup where it started.';
    mockSignupApi({ signup: () => ({ status: 409, body: { message } }) });
    renderSite('/signup?plan=growth');
    await screen.findByRole('radio', { name: 'Growth plan' });
    await continueStep(user);
    await fillAccount(user);
    await continueStep(user);
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $200/month' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  test('the button is disabled while the checkout is being created', async () => {
    let release: (reply: MockReply) => void = () => undefined;
    const { user } = await reachPayment();
    mockSignupApi({ checkout: () => new Promise<MockReply>((resolve) => (release = resolve)) });
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $200/month' }));
    expect(screen.getByRole('button', { name: 'Complete Payment - $200/month' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await act(async () => release({ status: 500, body: {} }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create checkout session');
    expect(screen.getByRole('button', { name: 'Complete Payment - $200/month' })).toBeEnabled();
  });

  test.each<[string, Replies, string]>([
    ['unknown plan', { checkout: () => ({ status: 404, body: { message: 'Selected plan not found' } }) }, 'Selected plan not found'],
    [
      'checkout server message',
      { checkout: () => ({ status: 401, body: { message: 'Please complete the account step first' } }) },
      'Please complete the account step first',
    ],
    ['checkout without a message', { checkout: () => ({ status: 502, body: {} }) }, 'Failed to create checkout session'],
    ['checkout without a url', { checkout: () => ({ body: { data: { sessionId: 'cs_1' } } }) }, 'Failed to create checkout session'],
    [
      'signup server message',
      { signup: () => ({ status: 409, body: { message: 'An account with this email already exists' } }) },
      'An account with this email already exists',
    ],
    ['network failure', { signup: () => Promise.reject(new TypeError('Failed to fetch')) }, 'An error occurred. Please try again.'],
  ])('%s shows its message under the button', async (_name, replies, text) => {
    const { user } = await reachPayment();
    const fetchMock = mockSignupApi(replies);
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $200/month' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert.previousElementSibling).toContainElement(screen.getByRole('button', { name: 'Complete Payment - $200/month' }));
    expect(assign).not.toHaveBeenCalled();
    await act(async () => {
      await analytics.flush();
    });
    expect(analyticsEvents(fetchMock).map((event) => event.name)).toContain('form_submit_error');
  });
});

describe('signup: a taken email is said on step 2', () => {
  test('an address that already has an account stops at step 2 with the message on the email field', async () => {
    const user = userEvent.setup();
    const fetchMock = mockSignupApi({ checkEmail: () => ({ body: { data: { available: false } } }) });
    renderSite('/signup?plan=growth');
    await screen.findByRole('radio', { name: 'Growth plan' });
    await continueStep(user);
    await fillAccount(user);
    await continueStep(user);
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Account & Organization' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(productCalls(fetchMock).map((call) => call.path)).not.toContain('/api/auth/signup');
  });

  test('when the check cannot answer, the wizard goes on (the signup itself still refuses a taken address)', async () => {
    const user = userEvent.setup();
    mockSignupApi({ checkEmail: () => ({ status: 429, body: { message: 'Too many email checks from this network. Please try again later.' } }) });
    renderSite('/signup?plan=growth');
    await screen.findByRole('radio', { name: 'Growth plan' });
    await continueStep(user);
    await fillAccount(user);
    await continueStep(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
  });
});

describe('signup: canceling at checkout', () => {
  test('keeps what was typed except the password, on the account step, and says nothing was charged', async () => {
    const { user } = await reachPayment();
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $200/month' }));
    expect(assign).toHaveBeenCalled();
    expect(window.sessionStorage.getItem('caucus.signup.draft')).not.toContain('correct-horse');

    // The checkout's Cancel returns to /signup?plan=growth (docs/product/screens.md, Standalone pages).
    renderSite('/signup?plan=growth');
    expect(screen.getAllByRole('heading', { level: 1, name: 'Account & Organization' }).length).toBeGreaterThan(0);
    const notice = screen.getByText('Payment canceled. Nothing was charged.');
    expect(notice.closest('[role="status"]')).toHaveTextContent('enter your password again');
    const form = screen.getByRole('form', { name: 'Account & Organization' });
    expect(within(form).getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(within(form).getByLabelText(/^Email/)).toHaveValue('ada@example.org');
    expect(within(form).getByLabelText(/^Organization name/)).toHaveValue('Friends of Ada');
    expect(within(form).getByLabelText(/^Organization type/)).toHaveValue('501c3');
    expect(within(form).getByLabelText(/^Phone number/)).toHaveValue('555-0100');
    expect(within(form).getByRole('checkbox')).toBeChecked();
    expect(within(form).getByLabelText(/^Password/)).toHaveValue('');
    expect(within(form).getByLabelText(/^Confirm password/)).toHaveValue('');
    // Shown once: the draft is gone, a later visit starts fresh.
    expect(window.sessionStorage.getItem('caucus.signup.draft')).toBeNull();
  });

  test('a first visit shows no cancel notice and starts at Choose Plan', async () => {
    mockSignupApi();
    renderSite('/signup?plan=growth');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Plan' })).toBeInTheDocument();
    expect(screen.queryByText('Payment canceled. Nothing was charged.')).not.toBeInTheDocument();
  });
});
