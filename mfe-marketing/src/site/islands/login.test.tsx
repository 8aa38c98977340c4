import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession } from '@caucus/platform';
import { renderStandalonePage } from '../render/prerender';
import { LOGIN_REDIRECT_DELAY_MS, TWO_FACTOR_ENROLMENT_PATH, mountLogin, type LoginIsland } from './login';

const loginData = {
  user: { id: 'u-1', email: 'dana@rivera.test', firstName: 'Dana', lastName: 'Rivera' },
  accounts: [{ id: 'a-1', name: 'Rivera for Council', organizationType: 'campaign' }],
};

type Answer = { status?: number; body?: unknown };
/** fetch answering each `METHOD /api/path` in turn with the given answers; the calls, for checks. */
function mockFetch(answers: Record<string, Answer[]>) {
  const calls: { key: string; body: unknown }[] = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(url)}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[key]?.shift() ?? { status: 404, body: { message: 'Not found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status ?? 200 });
  }) as typeof fetch;
  return calls;
}

let island: LoginIsland | null = null;
let navigate: jest.Mock;

/** The prerendered sign-in page, as the browser gets it, with its island mounted. */
function openLogin() {
  document.body.innerHTML = `<div id="root">${renderStandalonePage('/login')}</div>`;
  navigate = jest.fn();
  island = mountLogin(document, navigate);
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

beforeEach(() => {
  window.localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => {
  island?.dispose();
  jest.useRealTimers();
});

describe('the prerendered sign-in and its island (ADR 0014)', () => {
  it('shows the contract’s messages under the fields before anything is sent', async () => {
    const calls = mockFetch({});
    const user = openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(calls).toEqual([]);
  });

  it('says the server’s message under the form for a wrong password', async () => {
    mockFetch({ 'POST /api/auth/login': [{ status: 401, body: { message: 'Invalid email or password' } }] });
    const user = openLogin();
    await user.type(screen.getByLabelText('Email'), 'dana@rivera.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(getSession()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signs in, keeps the profile every tab shares, welcomes back and opens the dashboard', async () => {
    const calls = mockFetch({ 'POST /api/auth/login': [{ body: { data: loginData } }] });
    const user = openLogin();
    await user.type(screen.getByLabelText('Email'), ' dana@rivera.test ');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome Back!')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: 'dana@rivera.test', password: 'secret-password', rememberMe: true });
    expect(getSession()?.user.name).toBe('Dana Rivera');
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ remember: true, accountId: 'a-1' });
    expect(navigate).not.toHaveBeenCalled();
    jest.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS);
    expect(navigate).toHaveBeenCalledWith('/dashboard');
  });

  it('asks for the code of a two-factor sign-in, or a recovery code, and goes back to the password', async () => {
    const calls = mockFetch({
      'POST /api/auth/login': [
        { body: { data: { twoFactorRequired: true, challengeToken: 'chal-1' } } },
        { body: { data: { twoFactorRequired: true, challengeToken: 'chal-2' } } },
      ],
      'POST /api/auth/login/two-factor': [
        { status: 401, body: { message: 'That code is not valid. Check your authenticator app and try again.' } },
        { body: { data: { ...loginData, twoFactorEnrollmentRequired: true } } },
      ],
    });
    const user = openLogin();
    await user.type(screen.getByLabelText('Email'), 'dana@rivera.test');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveFocus();

    // Back to the password step: the address kept, the password not.
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Email')).toHaveValue('dana@rivera.test');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const code = await screen.findByLabelText('Authentication code');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app', { selector: 'p[data-field-error]' })).toBeInTheDocument();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');
    expect(code).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const form = screen.getByRole('form', { name: 'Sign in with a recovery code' });
    await user.type(within(form).getByLabelText('Recovery code'), 'abcd-efgh');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Welcome Back!')).toBeInTheDocument();
    jest.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS);
    // Required by the organization and not set up yet: the enrolment first.
    expect(navigate).toHaveBeenCalledWith(TWO_FACTOR_ENROLMENT_PATH);
    expect(calls.filter((call) => call.key === 'POST /api/auth/login/two-factor').map((call) => call.body)).toEqual([
      { challengeToken: 'chal-2', code: '123456' },
      { challengeToken: 'chal-2', recoveryCode: 'abcd-efgh' },
    ]);
    await waitFor(() => expect(getSession()?.accountId).toBe('a-1'));
  });
});
