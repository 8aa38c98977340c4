import { screen, waitFor, within } from '@testing-library/react';
import { getSession } from '@caucus/design-system/session';
import { mockApi } from '../test/mockApi';
import { demoSession, loginData } from '../test/fixtures';
import { renderApp, resetAppState } from '../test/renderApp';

jest.mock('../federation/remotes');

afterEach(() => {
  resetAppState();
});

test('shows the sections in the spec order, marks the placeholders and greets the user', async () => {
  mockApi({ 'GET /auth/me': { body: loginData } });
  await renderApp('/dashboard', { session: demoSession });
  const nav = await screen.findByRole('complementary', { name: 'Dashboard navigation' });
  const labels = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent?.replace('under development', '').trim());
  expect(labels).toEqual([
    'Dashboard',
    'Events',
    'Lists',
    'Data',
    'Contacts',
    'Communication',
    'Calls & Meetings',
    'Campaigns',
    'Financials',
  ]);
  expect(within(nav).getAllByText('under development')).toHaveLength(3);
  expect(screen.getByText('Dana Rivera')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Welcome back, Dana!' })).toBeInTheDocument();
  expect(screen.getAllByText('Rivera for Council').length).toBeGreaterThan(0);
});

test('the mobile menu toggle opens and closes the navigation', async () => {
  mockApi({ 'GET /auth/me': { body: loginData } });
  const { user, location } = await renderApp('/dashboard', { session: demoSession });
  const toggle = await screen.findByRole('button', { name: 'Open menu' });
  const nav = screen.getByRole('complementary', { name: 'Dashboard navigation' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveAttribute('aria-controls', nav.id);
  expect(nav).toHaveAttribute('data-open', 'false');

  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(toggle).toHaveAccessibleName('Close menu');
  expect(nav).toHaveAttribute('data-open', 'true');

  await user.keyboard('{Escape}');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');

  // Following a link closes it again.
  await user.click(within(nav).getByRole('link', { name: /Events/ }));
  expect(location()).toBe('/dashboard/events');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('searching from the top bar opens contacts with the search', async () => {
  mockApi({ 'GET /auth/me': { body: loginData } });
  const { user, location } = await renderApp('/dashboard', { session: demoSession });
  await user.type(await screen.findByPlaceholderText('Search contacts, campaigns, events...'), 'Jane Doe{Enter}');
  expect(location()).toBe('/dashboard/contacts?search=Jane%20Doe');
});

test('the settings button opens the settings overview', async () => {
  mockApi({ 'GET /auth/me': { body: loginData } });
  const { user, location } = await renderApp('/dashboard', { session: demoSession });
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  expect(location()).toBe('/dashboard/settings');
});

test('logout ends the server session, clears the stored user and goes to the home page', async () => {
  const api = mockApi({ 'GET /auth/me': { body: loginData }, 'POST /auth/logout': { status: 204 } });
  const { user, location } = await renderApp('/dashboard', { session: demoSession });
  await user.click(await screen.findByRole('button', { name: 'Logout' }));

  await waitFor(() => expect(getSession()).toBeNull());
  expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
  expect(window.localStorage.getItem('user')).toBeNull();
  expect(location()).toBe('/');
  expect(await screen.findByTestId('section-mfe_marketing')).toBeInTheDocument();
});
