import { screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../test/mockApi';
import { demoSession, loginData } from '../../test/fixtures';
import { renderApp, resetAppState } from '../../test/renderApp';

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
const entry = {
  id: 'e-1',
  entityType: 'contact',
  entityId: 'c-1',
  action: 'update',
  userId: 'u-2',
  userName: 'Sam Lee',
  sessionId: 's-1',
  before: { organization: 'Food Bank' },
  after: { organization: 'Riverside Food Bank' },
  createdAt: '2026-11-25T15:00:00.000Z',
};

test('shows who changed what, before and after; filters go to the API and the CSV link carries them', async () => {
  const api = mockApi({
    'GET /auth/me': { body: { data: loginData } },
    'GET /settings/workspace': { body: { data: WORKSPACE } },
    'GET /audit': ({ search }) => ({
      body: {
        data: {
          entries: search.get('entityType') === 'settings' ? [] : [entry],
          page: 1,
          pageSize: 50,
          total: 1,
          authors: [{ id: 'u-2', name: 'Sam Lee' }],
          sessions: { 's-1': 'Firefox on Windows · IP 203.0.113.7' },
        },
      },
    }),
  });
  const { user } = await renderApp('/dashboard/settings/audit', { session: demoSession });
  const entries = await screen.findByRole('list', { name: 'Audit entries' });
  const item = within(entries).getAllByRole('listitem')[0];
  expect(item).toHaveTextContent('Contact changed');
  expect(item).toHaveTextContent('Sam Lee');
  expect(item).toHaveTextContent('from Firefox on Windows · IP 203.0.113.7');
  expect(within(item).getByText('Food Bank')).toBeInTheDocument();
  expect(within(item).getByText('Riverside Food Bank')).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Record type'), 'settings');
  await user.selectOptions(screen.getByLabelText('User'), 'u-2');
  await user.type(screen.getByLabelText('From'), '2026-11-01');
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));
  expect(await screen.findByText('No changes match.')).toBeInTheDocument();
  await waitFor(() => expect(api.calls.some((call) => call.path === '/audit')).toBe(true));
  const csv = screen.getByRole('link', { name: 'Download CSV' });
  expect(csv.getAttribute('href')).toBe('/api/audit?entityType=settings&userId=u-2&from=2026-11-01&format=csv');
});

test("a value that is a record's id reads as that record's name", async () => {
  const gift = { ...entry, id: 'e-2', entityType: 'donation', entityId: 'd-1', action: 'update', before: { campaignId: 'k-1' }, after: { campaignId: 'k-2' } };
  mockApi({
    'GET /auth/me': { body: { data: loginData } },
    'GET /settings/workspace': { body: { data: WORKSPACE } },
    'GET /audit': { body: { data: { entries: [gift], page: 1, pageSize: 50, total: 1, authors: [], names: { 'k-1': 'Spring Drive', 'k-2': 'Fall Gala' } } } },
  });
  await renderApp('/dashboard/settings/audit', { session: demoSession });
  const entries = await screen.findByRole('list', { name: 'Audit entries' });
  expect(within(entries).getByText('Spring Drive')).toBeInTheDocument();
  expect(within(entries).getByText('Fall Gala')).toBeInTheDocument();
});

test('a changed record with a page of its own links to it by its name; one without shows its id', async () => {
  const template = { ...entry, id: 'e-3', entityType: 'template', entityId: 't-1', action: 'create', before: null, after: { name: 'Thanks' } };
  mockApi({
    'GET /auth/me': { body: { data: loginData } },
    'GET /settings/workspace': { body: { data: WORKSPACE } },
    'GET /audit': { body: { data: { entries: [entry, template], page: 1, pageSize: 50, total: 2, authors: [], names: { 'c-1': 'Nadia Okafor' } } } },
  });
  await renderApp('/dashboard/settings/audit', { session: demoSession });
  const entries = await screen.findByRole('list', { name: 'Audit entries' });
  const [contact, other] = within(entries).getAllByRole('listitem');
  expect(within(contact).getByRole('link', { name: 'Nadia Okafor' })).toHaveAttribute('href', '/dashboard/contacts/c-1');
  expect(within(other).queryByRole('link')).toBeNull();
  expect(other).toHaveTextContent('record t-1');
});

test('record types, actions, fields and coded values read by their labels, never as keys', async () => {
  const roleChange = {
    ...entry,
    id: 'e-3',
    entityType: 'team_member',
    entityId: 'u-3',
    action: 'role_change',
    before: { role: 'read_only' },
    after: { role: 'staff' },
  };
  const session = { ...entry, id: 'e-4', entityType: 'call_session', entityId: 'cs-1', action: 'create', before: null, after: { order: 'largest_giving' } };
  mockApi({
    'GET /auth/me': { body: { data: loginData } },
    'GET /settings/workspace': { body: { data: WORKSPACE } },
    'GET /audit': { body: { data: { entries: [roleChange, session], page: 1, pageSize: 50, total: 2, authors: [] } } },
  });
  await renderApp('/dashboard/settings/audit', { session: demoSession });
  const [role, calls] = within(await screen.findByRole('list', { name: 'Audit entries' })).getAllByRole('listitem');
  expect(within(role).getByText('Team member role changed')).toBeInTheDocument();
  expect(within(role).getByText('Role')).toBeInTheDocument();
  expect(within(role).getByText('Read-only')).toBeInTheDocument();
  expect(within(role).getByText('Staff')).toBeInTheDocument();
  expect(within(calls).getByText('Call session created')).toBeInTheDocument();
  expect(within(calls).getByText('Order')).toBeInTheDocument();
  expect(calls).not.toHaveTextContent(/call_session|largest_giving/);
  // Every record type of the trail can be chosen in the filter.
  expect(within(screen.getByLabelText('Record type')).getByRole('option', { name: 'Call sessions' })).toBeInTheDocument();
});

test('money reads as dollars, days in the workspace format, and a new record lists only what it holds', async () => {
  const created = {
    ...entry,
    id: 'e-5',
    entityType: 'donation',
    entityId: 'd-1',
    action: 'create',
    before: null,
    after: { donationAmount: 100, donationDate: '2026-03-02', status: 'completed', pledgeId: null, electionCode: '' },
  };
  const changed = { ...created, id: 'e-6', action: 'update', before: { donationAmount: 100 }, after: { donationAmount: 150 } };
  mockApi({
    'GET /auth/me': { body: { data: loginData } },
    'GET /settings/workspace': { body: { data: WORKSPACE } },
    'GET /audit': { body: { data: { entries: [changed, created], page: 1, pageSize: 50, total: 2, authors: [] } } },
  });
  await renderApp('/dashboard/settings/audit', { session: demoSession });
  const [update, create] = within(await screen.findByRole('list', { name: 'Audit entries' })).getAllByRole('listitem');
  expect(within(update).getByText('$100.00')).toBeInTheDocument();
  expect(within(update).getByText('$150.00')).toBeInTheDocument();
  expect(within(create).getByText('Mar 2, 2026')).toBeInTheDocument();
  expect(within(create).getByText('Completed')).toBeInTheDocument();
  expect(within(create).queryByText('Pledge')).not.toBeInTheDocument();
  expect(within(create).queryByText('(empty)')).not.toBeInTheDocument();
});
