import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analytics } from '@caucus/platform';
import { mockApi, pending, type MockReply } from '@caucus/platform/testing';
import { PLANS, analyticsEvents, productCalls } from '../../test/fixtures';
import { browser } from '../../signup/utils/browser';
import { renderStandalonePage, standaloneTitle } from '../render/prerender';
import { mountSignup, type SignupIsland } from './signup';

// The prerendered /signup and its island (ADR 0014): the same journey SignupPage.test.tsx checks
// on the React page, on the page the server sends.

type Replies = {
  plans?: () => MockReply | Promise<MockReply>;
  signup?: () => MockReply | Promise<MockReply>;
  checkout?: () => MockReply | Promise<MockReply>;
  checkEmail?: () => MockReply | Promise<MockReply>;
};

function mockSignupApi(replies: Replies = {}) {
  return mockApi((url, init) => {
    if (url.pathname === '/api/billing/plans') return replies.plans?.() ?? { body: { data: { plans: PLANS } } };
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

let island: SignupIsland | null = null;

/** The prerendered page at `path`, as the browser gets it, with its island mounted. */
function openSignup(path: string) {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${renderStandalonePage('/signup')}</div>`;
  island = mountSignup(document);
  return userEvent.setup();
}

async function fillAccount(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of Object.entries(ACCOUNT)) await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
  await user.selectOptions(screen.getByLabelText(/Organization type/), '501c3');
  await user.click(screen.getByRole('checkbox'));
}

const continueStep = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Continue' }));
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

async function reachPayment(path = '/signup?plan=growth') {
  const fetchMock = mockSignupApi();
  const user = openSignup(path);
  await screen.findByRole('radio', { name: 'Growth plan' });
  await continueStep(user);
  await heading('Account & Organization');
  await fillAccount(user);
  await continueStep(user);
  await heading('Payment');
  return { user, fetchMock };
}

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  island?.dispose();
  assign.mockRestore();
  window.sessionStorage.clear();
});

describe('the prerendered signup (ADR 0014)', () => {
  test('is the signup before any script: Choose Plan, the plans loading, Continue disabled, the shell’s title', () => {
    document.body.innerHTML = renderStandalonePage('/signup');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Plan' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading plans' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('form', { name: 'Choose Plan' })).toHaveAttribute('method', 'post');
    expect(standaloneTitle('/signup')).toBe('Caucus — Sign Up');
    expect(renderStandalonePage('/signup-new')).toBe(renderStandalonePage('/signup'));
  });

  test('?plan= preselects the plan; the page links to sign in and has no site header or footer', async () => {
    mockSignupApi();
    openSignup('/signup?plan=team');
    expect(await screen.findByRole('radio', { name: 'Team plan' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Growth plan' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.getByText(/Already have an account\?/)).toHaveTextContent('Already have an account? Sign in');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  test('Continue without a plan says "Please select a plan"; choosing one clears it', async () => {
    mockSignupApi();
    const user = openSignup('/signup');
    await screen.findByRole('radio', { name: 'Starter plan' });
    await continueStep(user);
    expect(await screen.findByText('Please select a plan')).toBeInTheDocument();
    expect(screen.getByRole('group')).toHaveAttribute('aria-describedby', 'signup-plan-error');
    await user.click(screen.getByRole('radio', { name: 'Starter plan' }));
    expect(screen.queryByText('Please select a plan')).not.toBeInTheDocument();
    await continueStep(user);
    expect(await heading('Account & Organization')).toBeInTheDocument();
  });

  test('an unknown ?plan= is not selected', async () => {
    mockSignupApi();
    const user = openSignup('/signup?plan=platinum');
    await screen.findByRole('radio', { name: 'Starter plan' });
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(0);
    await continueStep(user);
    expect(await screen.findByText('Please select a plan')).toBeInTheDocument();
  });

  test('plans that cannot be loaded say why, with Retry', async () => {
    let fail = true;
    mockSignupApi({ plans: () => (fail ? { status: 503, body: { message: 'Billing is down' } } : { body: { data: { plans: PLANS } } }) });
    const user = openSignup('/signup');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Plans could not be loaded');
    expect(alert).toHaveTextContent('Billing is down');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: 'Starter plan' })).toBeInTheDocument();
  });

  test('step 2: Continue on an empty form shows every required message; editing a field clears its own', async () => {
    mockSignupApi();
    const user = openSignup('/signup?plan=growth');
    await screen.findByRole('radio', { name: 'Growth plan' });
    await continueStep(user);
    await heading('Account & Organization');
    await continueStep(user);
    await screen.findByText('First name is required');
    for (const text of [
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
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^First name/)).toHaveFocus();
    // Each kind of field drawn in error as its component draws it (the CSS Modules' class names here).
    expect(screen.getByLabelText(/^First name/)).toHaveClass('invalid');
    expect(screen.getByLabelText(/^Organization type/)).toHaveClass('invalid');
    expect(screen.getByLabelText(/^Organization type/)).toHaveAccessibleDescription('Organization type is required');
    for (const text of ['First name is required', 'Organization type is required', 'You must agree to the terms and conditions']) {
      expect(screen.getByText(text)).toHaveClass('error');
    }
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('At least 8 characters Password is required');
    expect(screen.getByRole('heading', { level: 1, name: 'Account & Organization' })).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^First name/), 'A');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Organization type/), 'nonprofit');
    expect(screen.queryByText('Organization type is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Organization type/)).not.toHaveClass('invalid');
    await user.click(screen.getByRole('checkbox'));
    expect(screen.queryByText('You must agree to the terms and conditions')).not.toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
  });

  test('two presses at once are two Continues: the second checks the step the first one opened', async () => {
    mockSignupApi();
    openSignup('/signup?plan=growth');
    await screen.findByRole('radio', { name: 'Growth plan' });
    const form = screen.getByRole('form', { name: 'Choose Plan' }) as HTMLFormElement;
    act(() => {
      form.requestSubmit();
      form.requestSubmit();
    });
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Account & Organization' })).toBeInTheDocument();
  });

  test('step 2: email shape, password length and confirmation have their own messages', async () => {
    mockSignupApi();
    const user = openSignup('/signup?plan=growth');
    await screen.findByRole('radio', { name: 'Growth plan' });
    await continueStep(user);
    await heading('Account & Organization');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'shorter');
    await continueStep(user);
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
  });

  test('organization types are the six documented values with readable labels', async () => {
    mockSignupApi();
    const user = openSignup('/signup?plan=growth');
    await screen.findByRole('radio', { name: 'Growth plan' });
    await continueStep(user);
    await heading('Account & Organization');
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

  test('Back returns one step, keeping the choice and what was typed; the steps say where the user is', async () => {
    const { user } = await reachPayment();
    const steps = within(screen.getByRole('list', { name: 'Signup steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['✓Choose Plan', '✓Account & Organization', '3Payment']);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Account & Organization')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Ada');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Choose Plan')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Growth plan' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  test('step 3 shows the order summary and billing info, and the exact payment button', async () => {
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
    await act(async () => undefined);
    expect(assign).toHaveBeenCalledWith('/api/billing/local-checkout/cs_local_abc');

    const calls = productCalls(fetchMock).filter((call) => call.method === 'POST');
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/signup/check-email', '/api/auth/signup', '/api/billing/create-checkout-session']);
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
      metadata: { firstName: 'Ada', lastName: 'Lovelace', organizationName: 'Friends of Ada', organizationType: '501c3', phone: '555-0100' },
    });
    expect(JSON.stringify(calls[1].body)).not.toContain('correct-horse');
    await act(async () => {
      await analytics.flush();
    });
    expect(analyticsEvents(fetchMock).map((event) => event.name)).toEqual(expect.arrayContaining(['button_click', 'sign_up', 'form_submit_success']));
  });

  test('sends the token of the emailed start-over link', async () => {
    const token = 'R'.repeat(43);
    const { user, fetchMock } = await reachPayment(`/signup?plan=growth&restart=${token}`);
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $200/month' }));
    await act(async () => undefined);
    const signup = productCalls(fetchMock).find((call) => call.path === '/api/auth/signup');
    expect(signup?.body).toMatchObject({ email: 'ada@example.org', restartToken: token });
  });

  test('the buttons are busy while the checkout is created; a failure says the server’s message under them', async () => {
    let release: (reply: MockReply) => void = () => undefined;
    const { user } = await reachPayment();
    mockSignupApi({ checkout: () => new Promise<MockReply>((resolve) => (release = resolve)) });
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $200/month' }));
    expect(await screen.findByRole('button', { name: 'Complete Payment - $200/month' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Complete Payment - $200/month' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await act(async () => release({ status: 401, body: { message: 'Please complete the account step first' } }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please complete the account step first');
    expect(alert.previousElementSibling).toContainElement(screen.getByRole('button', { name: 'Complete Payment - $200/month' }));
    expect(screen.getByRole('button', { name: 'Complete Payment - $200/month' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  test.each<[string, Replies, string]>([
    ['checkout without a message', { checkout: () => ({ status: 502, body: {} }) }, 'Failed to create checkout session'],
    ['checkout without a url', { checkout: () => ({ body: { data: { sessionId: 'cs_1' } } }) }, 'Failed to create checkout session'],
    ['signup server message', { signup: () => ({ status: 409, body: { message: 'An account with this email already exists' } }) }, 'An account with this email already exists'],
    ['network failure', { signup: () => Promise.reject(new TypeError('Failed to fetch')) }, 'An error occurred. Please try again.'],
  ])('%s shows its message under the button', async (_name, replies, text) => {
    const { user } = await reachPayment();
    const fetchMock = mockSignupApi(replies);
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $200/month' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(assign).not.toHaveBeenCalled();
    await act(async () => {
      await analytics.flush();
    });
    expect(analyticsEvents(fetchMock).map((event) => event.name)).toContain('form_submit_error');
  });

  test('an address that already has an account stops at step 2 with the message on the email field; Continue is busy meanwhile', async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    const fetchMock = mockSignupApi({ checkEmail: () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    const user = openSignup('/signup?plan=growth');
    await screen.findByRole('radio', { name: 'Growth plan' });
    await continueStep(user);
    await heading('Account & Organization');
    await fillAccount(user);
    await continueStep(user);
    expect(await screen.findByRole('button', { name: 'Continue' })).toHaveAttribute('aria-busy', 'true');
    await act(async () => answer({ body: { data: { available: false } } }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Account & Organization' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(productCalls(fetchMock).map((call) => call.path)).not.toContain('/api/auth/signup');
  });

  test('when the email check cannot answer, the wizard goes on', async () => {
    mockSignupApi({ checkEmail: () => ({ status: 429, body: { message: 'Too many email checks' } }) });
    const user = openSignup('/signup?plan=growth');
    await screen.findByRole('radio', { name: 'Growth plan' });
    await continueStep(user);
    await heading('Account & Organization');
    await fillAccount(user);
    await continueStep(user);
    expect(await heading('Payment')).toBeInTheDocument();
  });

  test('canceling at checkout keeps what was typed except the password, on the account step, and says nothing was charged', async () => {
    const { user } = await reachPayment();
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $200/month' }));
    await act(async () => undefined);
    expect(assign).toHaveBeenCalled();
    expect(window.sessionStorage.getItem('caucus.signup.draft')).not.toContain('correct-horse');
    island?.dispose();

    mockSignupApi({ plans: pending });
    openSignup('/signup?plan=growth');
    expect(screen.getByRole('heading', { level: 1, name: 'Account & Organization' })).toBeInTheDocument();
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
    // On the account step the plans still loading do not hold Continue back.
    expect(within(form).getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(window.sessionStorage.getItem('caucus.signup.draft')).toBeNull();
  });

  test('a first visit shows no cancel notice and starts at Choose Plan', () => {
    mockSignupApi({ plans: pending });
    openSignup('/signup?plan=growth');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Plan' })).toBeInTheDocument();
    expect(screen.queryByText('Payment canceled. Nothing was charged.')).not.toBeInTheDocument();
  });
});
