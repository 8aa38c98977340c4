import { screen, within } from '@testing-library/react';
import { mockApi } from '../test/mockApi';
import { demoSession, loginData } from '../test/fixtures';
import { renderApp, resetAppState } from '../test/renderApp';
import { RENEW_LINK } from './ReadOnlyBanner';

jest.mock('../federation/remotes');

const READ_ONLY_MESSAGE =
  'Your subscription has ended, so this workspace is read-only. Renew it in Settings > Payment to make changes; your data is kept and exports still work.';

function workspace(readOnly: boolean) {
  return {
    organizationName: 'Rivera for Council',
    logo: null,
    primaryColor: '#667eea',
    timezone: 'America/New_York',
    dateFormat: 'MM/DD/YYYY',
    language: 'en',
    subscription: readOnly ? { status: 'canceled', readOnly: true, message: READ_ONLY_MESSAGE } : { status: 'active', readOnly: false, message: null },
  };
}

afterEach(() => {
  resetAppState();
});

test('a read-only workspace shows the reason and a link to renew on every dashboard page', async () => {
  mockApi({ 'GET /auth/me': { body: { data: loginData } }, 'GET /settings/workspace': { body: { data: workspace(true) } } });
  const { user, location } = await renderApp('/dashboard/settings', { session: demoSession });
  const banner = await screen.findByRole('alert');
  expect(banner).toHaveTextContent(READ_ONLY_MESSAGE);
  await user.click(within(banner).getByRole('link', { name: RENEW_LINK }));
  expect(location()).toBe('/dashboard/settings/payment');
});

test('an active subscription shows no banner', async () => {
  const api = mockApi({ 'GET /auth/me': { body: { data: loginData } }, 'GET /settings/workspace': { body: { data: workspace(false) } } });
  await renderApp('/dashboard/settings', { session: demoSession });
  expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  await screen.findByText('Rivera for Council');
  expect(api.callsTo('GET', '/settings/workspace').length).toBeGreaterThan(0);
  expect(screen.queryByRole('link', { name: RENEW_LINK })).not.toBeInTheDocument();
});
