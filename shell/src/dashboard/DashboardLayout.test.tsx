import { screen, waitFor, within } from '@testing-library/react';
import { getSession } from '@caucus/platform';
import { mockApi } from '../test/mockApi';
import { demoSession, loginData } from '../test/fixtures';
import { renderApp, resetAppState } from '../test/renderApp';

jest.mock('../federation/remotes');

afterEach(() => {
  resetAppState();
});

test('shows the sections in the documented order, marks the placeholders and greets the user', async () => {
  mockApi({ 'GET /auth/me': { body: loginData } });
  await renderApp('/dashboard', { session: demoSession });
  const nav = await screen.findByRole('complementary', { name: 'Dashboard navigation' });
  const labels = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent?.trim());
  expect(labels).toEqual(['Dashboard', 'Events', 'Lists', 'Data', 'Contacts', 'Communication', 'Calls & Meetings', 'Campaigns', 'Financials']);
  expect(screen.getByText('Dana Rivera')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: /^Welcome( back)?, Dana!$/ })).toBeInTheDocument();
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

const searchResult = {
  contacts: [{ id: 'ct-1', name: 'Jane Rivera', email: 'jane@example.org', organization: null }],
  campaigns: [{ id: 'cp-1', name: 'Re-elect Rivera', status: 'active' }],
  events: [{ id: 'ev-1', name: 'Rivera Rally', startDate: '2026-11-30', allDay: true, location: 'Union Hall' }],
  lists: [],
};

/**
 * The box the dashboard draws first hands over to the suggestions' module when first used (ADR 0014):
 * the combobox once it has taken the box's place.
 */
async function liveSearchBox(first: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search' })).not.toBe(first));
  return screen.getByRole('combobox', { name: 'Search' });
}

test('the top bar suggests contacts, campaigns and events as you type, grouped by kind', async () => {
  const api = mockApi({ 'GET /auth/me': { body: loginData }, 'GET /search': { body: { data: searchResult } } });
  const { user, location } = await renderApp('/dashboard', { session: demoSession });
  const first = await screen.findByRole('combobox', { name: 'Search' });
  await user.click(first);
  const box = await liveSearchBox(first);
  expect(box).toHaveFocus();
  await user.type(box, 'rivera');
  const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' });
  expect(box).toHaveAttribute('aria-expanded', 'true');
  expect(
    within(listbox)
      .getAllByRole('group')
      .map((group) => group.firstChild?.textContent),
  ).toEqual(['Contacts', 'Campaigns', 'Events']);
  expect(within(listbox).getByRole('group', { name: 'Events' })).toHaveTextContent('Rivera RallyNov 30, 2026 · Union Hall');
  expect(api.calls.filter((call) => call.path === '/search').length).toBeGreaterThan(0);

  // Arrow keys move through the options across groups; Enter opens the chosen one.
  await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
  const chosen = within(listbox).getByRole('option', { name: /Rivera Rally/ });
  expect(chosen).toHaveAttribute('aria-selected', 'true');
  expect(box).toHaveAttribute('aria-activedescendant', chosen.id);
  await user.keyboard('{Enter}');
  expect(location()).toBe('/dashboard/events/ev-1');
});

test('Escape closes the suggestions; Ctrl+K focuses the search from anywhere', async () => {
  mockApi({ 'GET /auth/me': { body: loginData }, 'GET /search': { body: { data: searchResult } } });
  const { user } = await renderApp('/dashboard', { session: demoSession });
  const first = await screen.findByRole('combobox', { name: 'Search' });
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  expect(first).not.toHaveFocus();
  await user.keyboard('{Control>}k{/Control}');
  // The shortcut works before the suggestions' module is there, and the focus follows it in.
  const box = await liveSearchBox(first);
  expect(box).toHaveFocus();
  await user.type(box, 'rivera');
  await screen.findByRole('option', { name: /Jane Rivera/ });
  await user.keyboard('{Escape}');
  expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(box).toHaveValue('rivera');
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

test('the first Tab stop is a skip link that moves focus into the main landmark', async () => {
  mockApi({ 'GET /auth/me': { body: loginData } });
  const { user } = await renderApp('/dashboard', { session: demoSession });
  await screen.findByRole('complementary', { name: 'Dashboard navigation' });
  await user.tab();
  const skip = screen.getByRole('link', { name: 'Skip to main content' });
  expect(skip).toHaveFocus();
  await user.click(skip);
  expect(screen.getByRole('main')).toHaveFocus();
});
