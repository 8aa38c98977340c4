import { screen, waitFor } from '@testing-library/react';
import { getSession } from '@caucus/platform';
import { INVITATION_INVALID } from '@caucus/contract';
import { mockApi } from '../test/mockApi';
import { loginData } from '../test/fixtures';
import { renderApp, resetAppState } from '../test/renderApp';

jest.mock('../federation/remotes');

afterEach(() => {
  resetAppState();
  jest.restoreAllMocks();
});

const WORKSPACE = {
  organizationName: 'Rivera for Council',
  logo: null,
  primaryColor: '#667eea',
  timezone: 'America/New_York',
  dateFormat: 'MM/DD/YYYY',
  language: 'en',
  subscription: { status: 'active', readOnly: false, message: null },
};

test('a new login names itself, picks a password, joins and lands signed in with its role', async () => {
  const api = mockApi({
    'POST /team/invitations/accept': {
      body: { data: { ...loginData, signedIn: true, accountName: 'Rivera for Council', role: 'treasurer', permissions: ['money.write'], token: 't' } },
    },
    'GET /auth/me': { body: { data: { ...loginData, role: 'treasurer', permissions: ['money.write'] } } },
    'GET /settings/workspace': { body: { data: WORKSPACE } },
  });
  const { user } = await renderApp('/invitation?token=abc');
  await user.click(await screen.findByRole('button', { name: 'Join the team' }));
  expect(await screen.findByText('First name is required')).toBeInTheDocument();
  await user.type(screen.getByLabelText('First name'), 'Sam');
  await user.type(screen.getByLabelText('Last name'), 'Lee');
  await user.type(screen.getByLabelText('Password'), 'treasurer-2026');
  await user.click(screen.getByRole('button', { name: 'Join the team' }));
  await waitFor(() => expect(getSession()).toMatchObject({ role: 'treasurer', permissions: ['money.write'] }));
  expect(api.calls).toContainEqual({
    method: 'POST',
    path: '/team/invitations/accept',
    body: { token: 'abc', firstName: 'Sam', lastName: 'Lee', password: 'treasurer-2026' },
  });
});

test('an existing login gives only its password; a used link says so', async () => {
  const api = mockApi({ 'POST /team/invitations/accept': { status: 400, body: { message: INVITATION_INVALID } } });
  const { user } = await renderApp('/invitation?token=abc');
  await user.click(await screen.findByRole('radio', { name: /already have a Caucus login/ }));
  expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Your Caucus password'), 'my-password');
  await user.click(screen.getByRole('button', { name: 'Join the team' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_INVALID);
  expect(api.calls).toContainEqual({ method: 'POST', path: '/team/invitations/accept', body: { token: 'abc', password: 'my-password' } });
});
