import { screen, waitFor } from '@testing-library/react';
import { getSession } from '@caucus/platform';
import { mockApi } from '../../test/mockApi';
import { demoSession, loginData } from '../../test/fixtures';
import { renderApp, resetAppState } from '../../test/renderApp';
import { accountNavigation } from './AccountSwitcher';

jest.mock('../../federation/remotes');

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
const second = { id: 'a-2', name: 'Friends of Sam', organizationType: 'political' };

test('a member of several accounts switches from the top bar: the server first, then a fresh page', async () => {
  const reload = jest.spyOn(accountNavigation, 'reload').mockImplementation(() => {});
  let switched = false;
  const api = mockApi({
    // The API names the account the session acts in first.
    'GET /auth/me': () =>
      switched
        ? { body: { data: { ...loginData, accounts: [second, ...loginData.accounts], role: 'treasurer', permissions: ['money.write'] } } }
        : { body: { data: { ...loginData, accounts: [...loginData.accounts, second], role: 'owner', permissions: ['team.write'] } } },
    'GET /settings/workspace': { body: { data: WORKSPACE } },
    'POST /accounts/a-2/switch': () => {
      switched = true;
      return { body: { data: { ...second, role: 'treasurer', current: true } } };
    },
  });
  const { user } = await renderApp('/dashboard/settings', { session: { ...demoSession, accounts: [...demoSession.accounts, second] } });
  const select = await screen.findByRole('combobox', { name: 'Account' });
  expect(select).toHaveValue('a-1');
  await user.selectOptions(select, 'a-2');
  await waitFor(() => expect(reload).toHaveBeenCalledWith('/dashboard'));
  expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /accounts/a-2/switch');
  expect(getSession()).toMatchObject({ accountId: 'a-2', accountName: 'Friends of Sam', role: 'treasurer' });
});

test('a member of one account sees no switcher', async () => {
  mockApi({ 'GET /auth/me': { body: { data: loginData } }, 'GET /settings/workspace': { body: { data: WORKSPACE } } });
  await renderApp('/dashboard/settings', { session: demoSession });
  await screen.findByRole('heading', { name: 'Settings' });
  expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
});
