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
const OWNER_PERMISSIONS = ['self', 'workspace.read', 'settings.read', 'team.read', 'team.write', 'billing.read', 'billing.write', 'audit.read'];
const owner = { ...demoSession, role: 'owner', permissions: OWNER_PERMISSIONS };
const treasurer = { ...demoSession, role: 'treasurer', permissions: ['self', 'workspace.read', 'settings.read', 'audit.read', 'money.write'] };

function team(extra: { invitations?: unknown[]; used?: number } = {}) {
  return {
    users: [
      {
        id: 'u-1',
        firstName: 'Dana',
        lastName: 'Rivera',
        email: 'demo@caucus.local',
        role: 'owner',
        twoFactorEnabled: true,
        lastSignInAt: '2026-11-25T15:00:00.000Z',
        joinedAt: '2026-11-01T00:00:00.000Z',
      },
      {
        id: 'u-2',
        firstName: 'Sam',
        lastName: 'Lee',
        email: 'sam@example.org',
        role: 'staff',
        twoFactorEnabled: false,
        lastSignInAt: null,
        joinedAt: '2026-11-02T00:00:00.000Z',
      },
    ],
    invitations: extra.invitations ?? [],
    seats: { plan: 'growth', planName: 'Growth', seats: 2, used: extra.used ?? 2, upgradePlan: { id: 'team', name: 'Team', users: 5 } },
  };
}

function teamApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/me': { body: { data: { ...loginData, role: 'owner', permissions: OWNER_PERMISSIONS } } },
    'GET /settings/workspace': { body: { data: WORKSPACE } },
    'GET /team': { body: { data: team() } },
    ...extra,
  });
}

test('lists users with role, two-factor status and last sign-in; the owner changes a role', async () => {
  const api = teamApi({ 'PUT /team/users/u-2': { body: { data: {} } } });
  const { user } = await renderApp('/dashboard/settings/team', { session: owner });
  const users = await screen.findByRole('list', { name: 'Users' });
  expect(within(users).getByText(/^Two-factor on · Last sign-in \S/)).toBeInTheDocument();
  expect(within(users).getByText('Two-factor off · Never signed in')).toBeInTheDocument();
  // Oneself cannot be changed from here: the owner's own row shows a badge.
  expect(within(users).queryByRole('combobox', { name: 'Role of Dana Rivera' })).not.toBeInTheDocument();
  await user.selectOptions(within(users).getByRole('combobox', { name: 'Role of Sam Lee' }), 'treasurer');
  await waitFor(() => expect(api.calls).toContainEqual({ method: 'PUT', path: '/team/users/u-2', body: { role: 'treasurer' } }));
  expect(await screen.findByText('Sam Lee is now Treasurer.')).toBeInTheDocument();
});

test('an invitation beyond the seats says which plan allows more and links to the upgrade', async () => {
  const message = 'Your Growth plan includes 2 users, and they are all taken or invited. The Team plan allows 5: upgrade in Settings > Payment.';
  const api = teamApi({ 'POST /team/invitations': { status: 409, body: { message, details: { upgradePlan: 'team' } } } });
  const { user } = await renderApp('/dashboard/settings/team', { session: owner });
  const form = await screen.findByRole('form', { name: 'Invite user' });
  await user.click(within(form).getByRole('button', { name: 'Invite user' }));
  expect(await within(form).findByText('Email is required')).toBeInTheDocument();
  await user.type(within(form).getByLabelText('Email'), 'New@Example.org');
  await user.selectOptions(within(form).getByLabelText('Role'), 'treasurer');
  await user.click(within(form).getByRole('button', { name: 'Invite user' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('link', { name: 'Upgrade the plan' })).toHaveAttribute('href', '/dashboard/settings/payment');
  expect(api.calls).toContainEqual({ method: 'POST', path: '/team/invitations', body: { email: 'new@example.org', role: 'treasurer' } });
});

test('pending invitations can be resent and revoked', async () => {
  const invitation = {
    id: 'i-1',
    email: 'pat@example.org',
    role: 'read_only',
    invitedBy: 'Dana Rivera',
    expiresAt: '2026-11-20T00:00:00.000Z',
    createdAt: '2026-11-13T00:00:00.000Z',
    expired: true,
  };
  const api = teamApi({
    'GET /team': { body: { data: team({ invitations: [invitation] }) } },
    'POST /team/invitations/i-1/resend': { body: { data: { ...invitation, expired: false } } },
    'DELETE /team/invitations/i-1': { body: { data: { revoked: true } } },
  });
  const { user } = await renderApp('/dashboard/settings/team', { session: owner });
  const pending = await screen.findByRole('list', { name: 'Pending invitations' });
  expect(within(pending).getByText('Expired', { selector: 'span' })).toBeInTheDocument();
  await user.click(within(pending).getByRole('button', { name: 'Resend the invitation to pat@example.org' }));
  await waitFor(() => expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /team/invitations/i-1/resend'));
  await user.click(within(pending).getByRole('button', { name: 'Revoke the invitation to pat@example.org' }));
  await waitFor(() => expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain('DELETE /team/invitations/i-1'));
});

test('removing a user asks first', async () => {
  const api = teamApi({ 'DELETE /team/users/u-2': { body: { data: { removed: true } } } });
  const { user } = await renderApp('/dashboard/settings/team', { session: owner });
  await user.click(await screen.findByRole('button', { name: 'Remove Sam Lee' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('signed out of this account at once');
  await user.click(within(dialog).getByRole('button', { name: 'Remove user' }));
  await waitFor(() => expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain('DELETE /team/users/u-2'));
});

test('the settings overview hides what the role cannot open', async () => {
  teamApi({ 'GET /auth/me': { body: { data: { ...loginData, role: 'treasurer', permissions: treasurer.permissions } } } });
  await renderApp('/dashboard/settings', { session: treasurer });
  expect(await screen.findByRole('link', { name: 'Audit' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Team' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Payment' })).not.toBeInTheDocument();
});
