import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../test/mockApi';
import { demoSession, loginData } from '../test/fixtures';
import { renderApp, resetAppState } from '../test/renderApp';
import { BILLING_AT_PROVIDER, browserNavigation, NO_INVOICES, NO_STORED_CARD, PLAN_CHANGE_PRORATED } from './PaymentSettings';

jest.mock('../federation/remotes');

let api: ReturnType<typeof mockApi>;

// What the server holds for the demo user (settings live on the server: docs/product/first-run-and-settings.md).
const ACCOUNT = {
  firstName: 'Dana',
  lastName: 'Rivera',
  email: 'demo@caucus.local',
  phone: '',
  timezone: 'America/New_York',
  language: 'en',
  dateFormat: 'MM/DD/YYYY',
  pendingEmail: null,
};
/** The account form's fields as the page sends them back. */
const { pendingEmail: _pending, ...ACCOUNT_FIELDS } = ACCOUNT;
const PREFERENCES = {
  emailNotifications: true,
  campaignUpdates: true,
  newDonations: true,
  loginAlertNewBrowser: true,
  loginAlertPasswordChanged: true,
};
const ORGANIZATION = {
  name: 'Rivera for Council',
  type: 'political',
  website: '',
  description: '',
  street: '',
  city: '',
  state: '',
  zip: '',
  country: 'United States',
  taxId: '',
  timezone: 'America/New_York',
  primaryColor: '#667eea',
  secondaryColor: '#764ba2',
  logo: null,
  favicon: null,
};
const SESSIONS = [
  {
    id: 's-1',
    browser: 'Chrome',
    os: 'macOS',
    ip: '203.0.113.5',
    createdAt: '2026-11-24T14:00:00.000Z',
    lastActiveAt: '2026-11-24T15:00:00.000Z',
    current: true,
  },
  {
    id: 's-2',
    browser: 'Firefox',
    os: 'Windows',
    ip: '198.51.100.7',
    createdAt: '2026-11-20T14:00:00.000Z',
    lastActiveAt: '2026-11-21T15:00:00.000Z',
    current: false,
  },
];
const GROWTH_BILLING = {
  subscription: {
    planId: 'growth',
    planName: 'Growth',
    price: 200,
    currency: 'usd',
    status: 'active',
    renewsAt: '2026-12-24T15:00:00.000Z',
    cancelAtPeriodEnd: false,
    provider: 'local',
  },
  readOnly: false,
  invoices: [],
  portalAvailable: false,
};
const PLANS = {
  plans: [
    { id: 'starter', name: 'Starter', price: 100, users: 1, popular: false },
    { id: 'growth', name: 'Growth', price: 200, users: 2, popular: true },
    { id: 'team', name: 'Team', price: 300, users: 5, popular: false },
  ],
};
const WORKSPACE = {
  organizationName: 'Rivera for Council',
  logo: null,
  primaryColor: '#667eea',
  timezone: 'America/New_York',
  dateFormat: 'MM/DD/YYYY',
  language: 'en',
  subscription: { status: 'active', readOnly: false, message: null },
};

const echo = ({ body }: { body: unknown }) => ({ body: { data: body } });

function settingsApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/me': { body: { data: loginData } },
    'GET /settings/workspace': { body: { data: WORKSPACE } },
    'GET /settings/account': { body: { data: ACCOUNT } },
    'PUT /settings/account': echo,
    'GET /settings/notifications': { body: { data: PREFERENCES } },
    'PUT /settings/notifications': ({ body }) => ({ body: { data: { ...PREFERENCES, ...(body as object) } } }),
    'GET /settings/organization': { body: { data: ORGANIZATION } },
    'PUT /settings/organization': echo,
    'GET /settings/sessions': { body: { data: { sessions: SESSIONS } } },
    'GET /settings/billing': { body: { data: GROWTH_BILLING } },
    'GET /billing/plans': { body: { data: PLANS } },
    'GET /settings/two-factor': {
      body: {
        data: {
          enabled: false,
          enabledAt: null,
          recoveryCodesRemaining: 0,
          enrollmentRequired: false,
          accountRequiresTwoFactor: false,
          canManageRequirement: false,
        },
      },
    },
    ...overrides,
  });
}

beforeEach(() => {
  api = settingsApi();
});

afterEach(() => {
  resetAppState();
});

describe('overview', () => {
  test('lists the five sections and opens each one', async () => {
    const { user, location } = await renderApp('/dashboard/settings', { session: demoSession });
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /^(Account|Organization|Security|Payment|Notifications)$/ });
    expect(links.map((link) => link.textContent)).toEqual(['Account', 'Organization', 'Security', 'Payment', 'Notifications']);

    await user.click(screen.getByRole('link', { name: 'Organization' }));
    expect(location()).toBe('/dashboard/settings/organization');
    expect(screen.getByRole('heading', { name: 'Organization Settings', level: 1 })).toBeInTheDocument();
  });

  test.each(['account', 'organization', 'security', 'payment', 'notifications'])('the %s page links back to the overview', async (section) => {
    const { user, location } = await renderApp(`/dashboard/settings/${section}`, { session: demoSession });
    await user.click(await screen.findByRole('link', { name: /Back to Settings/ }));
    expect(location()).toBe('/dashboard/settings');
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  });

  test('an unknown settings page lands on the overview', async () => {
    const { location } = await renderApp('/dashboard/settings/billing-history', { session: demoSession });
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(location()).toBe('/dashboard/settings');
  });
});

describe('account', () => {
  test('starts from the signed-in user and the default settings', async () => {
    await renderApp('/dashboard/settings/account', { session: demoSession });
    expect(await screen.findByLabelText(/First name/)).toHaveValue('Dana');
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Rivera');
    expect(screen.getByLabelText(/Email/, { selector: 'input' })).toHaveValue('demo@caucus.local');
    expect(screen.getByLabelText('Phone')).toHaveValue('');

    const timezone = screen.getByLabelText('Timezone');
    expect(timezone).toHaveValue('America/New_York');
    expect(
      within(timezone)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Eastern Time', 'Central Time', 'Mountain Time', 'Pacific Time']);
    const language = screen.getByLabelText('Language');
    expect(language).toHaveValue('en');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Spanish', 'French']);
    const dateFormat = screen.getByLabelText('Date format');
    expect(dateFormat).toHaveValue('MM/DD/YYYY');
    expect(
      within(dateFormat)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD']);
    expect(screen.getByRole('switch', { name: 'Email notifications' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('switch', { name: 'Push notifications' })).toBeNull();
  });

  test('requires first name, last name and email', async () => {
    const { user } = await renderApp('/dashboard/settings/account', { session: demoSession });
    await user.clear(await screen.findByLabelText(/First name/));
    await user.clear(screen.getByLabelText(/Last name/));
    await user.clear(screen.getByLabelText(/Email/, { selector: 'input' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.queryByText('Account settings saved')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/Email/, { selector: 'input' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  test('saves the profile, preferences and switches through the API', async () => {
    const { user } = await renderApp('/dashboard/settings/account', { session: demoSession });
    await user.selectOptions(await screen.findByLabelText('Timezone'), 'Pacific Time');
    await user.type(screen.getByLabelText('Phone'), '555-0100');
    // Only the email switch: the product has no push channel.
    expect(screen.queryByRole('switch', { name: 'Push notifications' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Email notifications' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Account settings saved')).toBeInTheDocument();
    expect(screen.getByLabelText('Timezone')).toHaveValue('America/Los_Angeles');
    expect(api.callsTo('PUT', '/settings/account').map((call) => call.body)).toEqual([
      { ...ACCOUNT_FIELDS, phone: '555-0100', timezone: 'America/Los_Angeles' },
    ]);
    expect(api.callsTo('PUT', '/settings/notifications').map((call) => call.body)).toEqual([{ emailNotifications: false }]);
  });

  test('a refused save shows the server message under its field', async () => {
    api = settingsApi({
      'PUT /settings/account': {
        status: 409,
        body: { message: 'An account with this email already exists', details: { email: 'An account with this email already exists' } },
      },
    });
    const { user } = await renderApp('/dashboard/settings/account', { session: demoSession });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.queryByText('Account settings saved')).not.toBeInTheDocument();
  });
});

describe('changing the sign-in email', () => {
  const NEW_EMAIL = 'dana@new.example';
  // What the API answers: the email unchanged, the new one pending, and what to tell the user.
  const pendingReply = ({ body }: { body: unknown }) => {
    const { currentPassword: _p, twoFactorCode: _c, ...fields } = body as Record<string, unknown>;
    return {
      body: {
        data: {
          ...fields,
          email: ACCOUNT.email,
          pendingEmail: NEW_EMAIL,
          message: `Check ${NEW_EMAIL} to confirm the change. Until then you sign in with your current email.`,
        },
      },
    };
  };

  test('asks for the current password, sends it, and says to check the new address', async () => {
    api = settingsApi({ 'PUT /settings/account': pendingReply });
    const { user } = await renderApp('/dashboard/settings/account', { session: demoSession });
    const email = await screen.findByLabelText(/Email/, { selector: 'input' });
    // Nothing to prove while the email stays.
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.clear(email);
    await user.type(email, NEW_EMAIL);
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    await user.type(screen.getByLabelText('Current password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Confirm your new email')).toBeInTheDocument();
    expect(screen.getByText(`Check ${NEW_EMAIL} to confirm the change. Until then you sign in with demo@caucus.local.`)).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/, { selector: 'input' })).toHaveValue(ACCOUNT.email);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(api.callsTo('PUT', '/settings/account').map((call) => call.body)).toEqual([{ ...ACCOUNT_FIELDS, email: NEW_EMAIL, currentPassword: 'my-password' }]);
  });

  test('with two-factor sign-in on it asks for a code too, and shows a refusal under its field', async () => {
    api = settingsApi({
      'GET /settings/two-factor': {
        body: {
          data: {
            enabled: true,
            enabledAt: '2026-11-20T10:00:00.000Z',
            recoveryCodesRemaining: 10,
            enrollmentRequired: false,
            accountRequiresTwoFactor: false,
            canManageRequirement: true,
          },
        },
      },
      'PUT /settings/account': {
        status: 400,
        body: { message: 'Current password is incorrect', details: { currentPassword: 'Current password is incorrect' } },
      },
    });
    const { user } = await renderApp('/dashboard/settings/account', { session: demoSession });
    const email = await screen.findByLabelText(/Email/, { selector: 'input' });
    await user.clear(email);
    await user.type(email, NEW_EMAIL);
    await user.type(await screen.findByLabelText('Current password'), 'wrong');
    await user.type(await screen.findByLabelText(/Authenticator code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/settings/account')[0].body).toMatchObject({ email: NEW_EMAIL, currentPassword: 'wrong', twoFactorCode: '123456' });
    expect(screen.queryByText('Account settings saved')).not.toBeInTheDocument();
  });
});

describe('organization', () => {
  test('starts from the account and the default settings', async () => {
    await renderApp('/dashboard/settings/organization', { session: demoSession });
    expect(await screen.findByLabelText(/Organization name/)).toHaveValue('Rivera for Council');
    const type = screen.getByLabelText(/Organization type/);
    expect(type).toHaveValue('political');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a type', 'Non-profit', 'Political', 'Business', 'Other']);
    // The workspace's own timezone (day boundaries of shared figures; the default of its members).
    expect(screen.getByLabelText('Workspace timezone')).toHaveValue('America/New_York');
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('United States');
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['United States', 'Canada', 'United Kingdom', 'Other']);
    expect(screen.getByLabelText('Primary color')).toHaveValue('#667eea');
    expect(screen.getByLabelText('Secondary color')).toHaveValue('#764ba2');
    for (const label of ['Website', 'Description', 'Street', 'City', 'State', 'ZIP', 'Tax ID']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByLabelText('Logo')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Favicon')).toHaveAttribute('accept', 'image/*');
  });

  test('requires name and type', async () => {
    const { user } = await renderApp('/dashboard/settings/organization', { session: demoSession });
    await user.clear(await screen.findByLabelText(/Organization name/));
    await user.selectOptions(screen.getByLabelText(/Organization type/), 'Select a type');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(screen.getByText('Organization name is required')).toBeInTheDocument();
    expect(screen.getByText('Organization type is required')).toBeInTheDocument();
    expect(screen.queryByText('Organization settings saved')).not.toBeInTheDocument();
  });

  test('logo and favicon accept images only, up to 5 MB', async () => {
    await renderApp('/dashboard/settings/organization', { session: demoSession });
    // A file picker can still hand over any file ("All files"), so the accept filter is off here.
    const user = userEvent.setup({ applyAccept: false });
    const logo = await screen.findByLabelText('Logo');

    await user.upload(logo, new File(['%PDF'], 'brochure.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Please select an image file')).toBeInTheDocument();

    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(logo, huge);
    expect(screen.getByText('File size must be less than 5MB')).toBeInTheDocument();

    await user.upload(logo, new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(screen.getByText('logo.png')).toBeInTheDocument();
    expect(screen.queryByText('File size must be less than 5MB')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Favicon'), new File(['ico'], 'favicon.png', { type: 'image/png' }));
    expect(screen.getByText('favicon.png')).toBeInTheDocument();
    // Choosing is not saving: nothing is sent until Save Changes.
    expect(api.callsTo('PUT', '/settings/organization')).toEqual([]);
  });

  test('saves through the API with the logo, and the frame shows the new name', async () => {
    // The server's workspace read follows what was saved.
    let savedName = ORGANIZATION.name;
    api = settingsApi({
      'PUT /settings/organization': ({ body }) => {
        savedName = (body as { name: string }).name;
        return { body: { data: body } };
      },
      'GET /settings/workspace': () => ({ body: { data: { ...WORKSPACE, organizationName: savedName } } }),
    });
    const { user } = await renderApp('/dashboard/settings/organization', { session: demoSession });
    await user.clear(await screen.findByLabelText(/Organization name/));
    await user.type(screen.getByLabelText(/Organization name/), 'Rivera 2026');
    await user.type(screen.getByLabelText('Website'), 'https://rivera.example');
    await user.selectOptions(screen.getByLabelText('Country'), 'Canada');
    await user.upload(screen.getByLabelText('Logo'), new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByAltText('Logo preview')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Organization settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/settings/organization').map((call) => call.body)).toEqual([
      { ...ORGANIZATION, name: 'Rivera 2026', website: 'https://rivera.example', country: 'Canada', logo: 'data:image/png;base64,cG5n' },
    ]);
    const navigation = screen.getByRole('complementary', { name: 'Dashboard navigation' });
    expect(await within(navigation).findByText('Rivera 2026')).toBeInTheDocument();
  });
});

describe('security', () => {
  async function fillPasswords(user: Awaited<ReturnType<typeof renderApp>>['user'], current: string, next: string, confirm: string) {
    if (current) await user.type(await screen.findByLabelText(/Current password/), current);
    if (next) await user.type(screen.getByLabelText(/^New password/), next);
    if (confirm) await user.type(screen.getByLabelText(/Confirm new password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
  }

  test('new passwords must match', async () => {
    const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
    await fillPasswords(user, 'old-secret', 'long-enough-1', 'long-enough-2');
    expect(screen.getByText('New passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText('Password updated successfully')).not.toBeInTheDocument();
  });

  test('the new password needs at least 8 characters', async () => {
    const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
    await fillPasswords(user, 'old-secret', 'short', 'short');
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.queryByText('New passwords do not match')).not.toBeInTheDocument();
  });

  test('the current password is required', async () => {
    const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
    await screen.findByLabelText(/Current password/);
    await fillPasswords(user, '', 'long-enough-1', 'long-enough-1');
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
  });

  test('a valid change is sent, says other sessions were signed out, and clears the fields', async () => {
    api = settingsApi({
      'POST /settings/password': { body: { data: { message: 'Password updated. Other sessions were signed out.', signedOut: 1 } } },
    });
    const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
    await fillPasswords(user, 'old-secret', 'long-enough-1', 'long-enough-1');
    expect(await screen.findByText('Password updated. Other sessions were signed out.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
    expect(api.callsTo('POST', '/settings/password').map((call) => call.body)).toEqual([{ currentPassword: 'old-secret', newPassword: 'long-enough-1' }]);
  });

  test('a wrong current password is shown under its field', async () => {
    api = settingsApi({
      'POST /settings/password': {
        status: 400,
        body: { message: 'Current password is incorrect', details: { currentPassword: 'Current password is incorrect' } },
      },
    });
    const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
    await fillPasswords(user, 'not-it', 'long-enough-1', 'long-enough-1');
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.queryByText(/Password updated/)).not.toBeInTheDocument();
  });

  test('real sessions from the API, each signed out, and sign out everywhere else', async () => {
    api = settingsApi({
      'DELETE /settings/sessions/s-2': { body: { data: { signedOut: true } } },
      'POST /settings/sessions/sign-out-others': { body: { data: { message: 'Other sessions were signed out.', signedOut: 1 } } },
    });
    const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
    const sessions = await screen.findByRole('list', { name: 'Active sessions' });
    const items = within(sessions).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent?.trim())).toEqual(['Chrome on macOS Current session', 'Firefox on Windows']);
    expect(within(items[1] as HTMLElement).getByText(/IP 198\.51\.100\.7 · Last active Nov 21, 2026/)).toBeInTheDocument();
    // No invented entries: only what the server listed.
    expect(screen.queryByText(/iPhone/)).not.toBeInTheDocument();

    await user.click(within(sessions).getByRole('button', { name: 'Sign out Firefox on Windows' }));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/settings/sessions/s-2')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Other sessions were signed out.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/settings/sessions/sign-out-others')).toHaveLength(1);
  });

  test('two-factor shows its real state (off, with a way to set it up); login alerts are saved to the server', async () => {
    const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Two-factor authentication' })).not.toBeInTheDocument();

    const alerts = await screen.findAllByRole('checkbox');
    expect(alerts).toHaveLength(2);
    for (const box of alerts) expect(box).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Email me when my password changes' }));
    await user.click(screen.getByRole('button', { name: 'Save Security Settings' }));
    expect(await screen.findByText('Security settings saved')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Email me when my password changes' })).not.toBeChecked();
    expect(api.callsTo('PUT', '/settings/notifications').map((call) => call.body)).toEqual([{ loginAlertNewBrowser: true, loginAlertPasswordChanged: false }]);
  });
});

describe('payment', () => {
  test('the real plan, price, status and renewal; no invented card, invoice or billing form', async () => {
    const { user } = await renderApp('/dashboard/settings/payment', { session: demoSession });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Payment Methods', 'Billing', 'Subscription', 'Invoices']);
    expect(screen.getByText(NO_STORED_CARD)).toBeInTheDocument();
    expect(screen.queryByText(/ending in/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set as default' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Subscription' }));
    expect(screen.getByText('Growth')).toBeInTheDocument();
    expect(screen.getByText('$200/month')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Renews on December 24, 2026')).toBeInTheDocument();
    expect(screen.queryByText(/Professional/)).not.toBeInTheDocument();
    expect(screen.queryByText('$49/month')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Invoices' }));
    expect(screen.getByText(NO_INVOICES)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('$49.00')).not.toBeInTheDocument();

    // The billing form saved nowhere: the tab says where billing details live.
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    const billing = screen.getByRole('tabpanel');
    expect(within(billing).getByText(BILLING_AT_PROVIDER)).toBeInTheDocument();
    expect(within(billing).getByRole('link', { name: 'support@caucus.app' })).toHaveAttribute('href', 'mailto:support@caucus.app');
    expect(within(billing).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Billing Information' })).not.toBeInTheDocument();
  });

  test('invoices are the payments recorded; offline a plan change opens the local checkout', async () => {
    api = settingsApi({
      'GET /settings/billing': {
        body: {
          data: {
            ...GROWTH_BILLING,
            invoices: [{ id: 'cs_local_1', date: '2026-11-24T15:01:00.000Z', planName: 'Growth', amount: 200, currency: 'usd', status: 'paid' }],
          },
        },
      },
      'POST /settings/billing/checkout': {
        body: { data: { url: '/api/billing/local-checkout/cs_local_2', message: '$50 now for Team for the rest of this period; then $300/month.' } },
      },
    });
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = await renderApp('/dashboard/settings/payment', { session: demoSession });
    await user.click(await screen.findByRole('tab', { name: 'Invoices' }));
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('November 24, 2026Growth$200Paid');

    await user.click(screen.getByRole('tab', { name: 'Subscription' }));
    await user.selectOptions(await screen.findByLabelText('Plan'), 'team');
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/billing/local-checkout/cs_local_2'));
    expect(api.callsTo('POST', '/settings/billing/checkout').map((call) => call.body)).toEqual([{ planId: 'team' }]);
    assign.mockRestore();
  });

  test('an active subscription cannot be renewed: only another plan is offered, and a cheaper one changes at once', async () => {
    api = settingsApi({
      'POST /settings/billing/checkout': { body: { data: { url: null, message: 'Your plan is now Starter.' } } },
    });
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = await renderApp('/dashboard/settings/payment', { session: demoSession });
    await user.click(await screen.findByRole('tab', { name: 'Subscription' }));
    const select = await screen.findByLabelText('Plan');
    expect(within(select).queryByRole('option', { name: /Growth/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renew plan' })).not.toBeInTheDocument();
    expect(screen.getByText(PLAN_CHANGE_PRORATED)).toBeInTheDocument();
    await user.selectOptions(select, 'starter');
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('Your plan is now Starter.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    assign.mockRestore();
  });

  test('a plan smaller than the team asks who to remove first, with the way to Settings > Team', async () => {
    const message = 'The Starter plan includes 1 user; this account has 2. Choose who to remove first in Settings > Team (1 to go), then change the plan.';
    api = settingsApi({
      'POST /settings/billing/checkout': { status: 409, body: { message, details: { team: message } } },
    });
    const { user } = await renderApp('/dashboard/settings/payment', { session: demoSession });
    await user.click(await screen.findByRole('tab', { name: 'Subscription' }));
    await user.selectOptions(await screen.findByLabelText('Plan'), 'starter');
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Choose who to remove first in Settings > Team (1 to go)');
    expect(within(alert).getByRole('link', { name: 'Choose who to remove' })).toHaveAttribute('href', '/dashboard/settings/team');
  });

  test.each(['canceled', 'past_due'])('a %s subscription offers Renew plan for its plan', async (status) => {
    api = settingsApi({
      'GET /settings/billing': { body: { data: { ...GROWTH_BILLING, subscription: { ...GROWTH_BILLING.subscription, status } } } },
      'POST /settings/billing/checkout': { body: { data: { url: '/api/billing/local-checkout/cs_local_3', message: '$200/month for Growth.' } } },
    });
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = await renderApp('/dashboard/settings/payment', { session: demoSession });
    await user.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect(await screen.findByLabelText('Plan')).toHaveValue('growth');
    await user.click(screen.getByRole('button', { name: 'Renew plan' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/billing/local-checkout/cs_local_3'));
    assign.mockRestore();
  });

  test("with Stripe, Manage billing opens the provider's customer portal", async () => {
    api = settingsApi({
      'GET /settings/billing': { body: { data: { ...GROWTH_BILLING, portalAvailable: true } } },
      'POST /settings/billing/portal': { body: { data: { url: 'https://billing.stripe.com/p/session/test_1' } } },
    });
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = await renderApp('/dashboard/settings/payment', { session: demoSession });
    await user.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'));
    assign.mockRestore();
  });
});

describe('notifications', () => {
  test('only the emails the product sends, saved to the server with a toast', async () => {
    const { user } = await renderApp('/dashboard/settings/notifications', { session: demoSession });
    const email = (await screen.findByRole('group', { name: 'Email Notifications' })) as HTMLElement;
    expect(
      within(email)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['campaignUpdates', 'newDonations']);
    expect(screen.getByRole('checkbox', { name: 'Campaign updates' })).toHaveAccessibleDescription('An email when a campaign reaches its fundraising goal.');
    // No switch without an email behind it.
    expect(screen.queryByRole('group', { name: 'Push Notifications' })).toBeNull();
    for (const name of ['Event reminders', 'Weekly reports', 'Real-time updates', 'Daily summaries'])
      expect(screen.queryByRole('checkbox', { name })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'New donations' }));
    expect(screen.getByRole('checkbox', { name: 'New donations' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Notification preferences saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/settings/notifications').map((call) => call.body)).toEqual([{ campaignUpdates: true, newDonations: false }]);
    // Bound to the form: the choice stays as made after saving.
    expect(screen.getByRole('checkbox', { name: 'New donations' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Campaign updates' })).toBeChecked();
  });
});
