import { act, screen, waitFor } from '@testing-library/react';
import { getSession } from '@caucus/platform';
import { TOTP_CODE_INVALID, TWO_FACTOR_CODE_WRONG } from '@caucus/contract';
import { mockApi } from '../test/mockApi';
import { loginData } from '../test/fixtures';
import { renderApp, resetAppState } from '../test/renderApp';
import { CODE_PROMPT, RECOVERY_PROMPT } from './TwoFactorStep';

jest.mock('../federation/remotes');

afterEach(() => {
  resetAppState();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

const CHALLENGE = { data: { twoFactorRequired: true, challengeToken: 'challenge-token' } };

async function passwordStep(user: Awaited<ReturnType<typeof renderApp>>['user'], remember = false) {
  await user.type(screen.getByLabelText('Email'), 'dana@example.org');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  if (remember) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

test('after the password, asks for the 6-digit code; a wrong code is said, a right one signs in', async () => {
  jest.useFakeTimers();
  let attempts = 0;
  const api = mockApi({
    'POST /auth/login': { body: CHALLENGE },
    'POST /auth/login/two-factor': () =>
      ++attempts === 1 ? { status: 401, body: { message: TWO_FACTOR_CODE_WRONG } } : { body: { data: { ...loginData, token: 't' } } },
    'GET /auth/me': { body: { data: loginData } },
  });
  const { user, location } = await renderApp('/login', { fakeTimers: true });
  await passwordStep(user, true);

  expect(await screen.findByText(CODE_PROMPT)).toBeInTheDocument();
  // No session before the code.
  expect(getSession()).toBeNull();

  // The contract's rule runs on the client: no request for a code that is not 6 digits.
  await user.type(screen.getByLabelText('Authentication code'), '12a');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText(TOTP_CODE_INVALID)).toBeInTheDocument();
  expect(api.callsTo('POST', '/auth/login/two-factor')).toHaveLength(0);

  await user.clear(screen.getByLabelText('Authentication code'));
  await user.type(screen.getByLabelText('Authentication code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_CODE_WRONG);

  await user.type(screen.getByLabelText('Authentication code'), '654 321');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('Welcome Back!')).toBeInTheDocument();
  expect(api.callsTo('POST', '/auth/login/two-factor').map((call) => call.body)).toEqual([
    { challengeToken: 'challenge-token', code: '123456' },
    { challengeToken: 'challenge-token', code: '654321' },
  ]);
  expect(getSession()?.user.name).toBe('Dana Rivera');
  act(() => jest.advanceTimersByTime(2000));
  expect(location()).toBe('/dashboard');
});

test('a recovery code can be used instead', async () => {
  const api = mockApi({
    'POST /auth/login': { body: CHALLENGE },
    'POST /auth/login/two-factor': { body: { data: { ...loginData, token: 't' } } },
    'GET /auth/me': { body: { data: loginData } },
  });
  const { user } = await renderApp('/login');
  await passwordStep(user);
  await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
  expect(screen.getByText(RECOVERY_PROMPT)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('Enter one of your recovery codes')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('Welcome Back!')).toBeInTheDocument();
  expect(api.callsTo('POST', '/auth/login/two-factor')[0].body).toEqual({ challengeToken: 'challenge-token', recoveryCode: 'abcde-fghjk' });
});

test('back to sign in returns to the password form', async () => {
  mockApi({ 'POST /auth/login': { body: CHALLENGE } });
  const { user } = await renderApp('/login');
  await passwordStep(user);
  await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  expect(screen.getByLabelText('Password')).toHaveValue('');
});

test('a user whose organization requires two-factor sign-in is sent to set it up', async () => {
  jest.useFakeTimers();
  mockApi({
    'POST /auth/login': { body: { data: { ...loginData, token: 't', twoFactorEnrollmentRequired: true } } },
    'GET /auth/me': { body: { data: { ...loginData, twoFactorEnrollmentRequired: true } } },
  });
  const { user, location } = await renderApp('/login', { fakeTimers: true });
  await passwordStep(user);
  expect(await screen.findByText('Welcome Back!')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(2000));
  // The settings pages load on demand (ADR 0008): the navigation ends once their module is in.
  await waitFor(() => expect(location()).toBe('/dashboard/settings/security'));
});
