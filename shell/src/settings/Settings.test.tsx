import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../test/mockApi';
import { demoSession, loginData } from '../test/fixtures';
import { renderApp, resetAppState } from '../test/renderApp';
import { BILLING_AT_PROVIDER, NO_INVOICES, NO_STORED_CARD } from './PaymentSettings';

jest.mock('../federation/remotes');

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi({ 'GET /auth/me': { body: loginData } });
});

afterEach(() => {
  resetAppState();
});

/** Settings make no calls (SPEC.md point 7): only the frame's session check and analytics reach the API. */
function productCalls() {
  return api.calls.filter((call) => call.path !== '/auth/me' && call.path !== '/analytics/events');
}

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

  test.each(['account', 'organization', 'security', 'payment', 'notifications'])(
    'the %s page links back to the overview',
    async (section) => {
      const { user, location } = await renderApp(`/dashboard/settings/${section}`, { session: demoSession });
      await user.click(await screen.findByRole('link', { name: /Back to Settings/ }));
      expect(location()).toBe('/dashboard/settings');
      expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    },
  );

  test('an unknown settings page lands on the overview', async () => {
    const { location } = await renderApp('/dashboard/settings/billing-history', { session: demoSession });
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(location()).toBe('/dashboard/settings');
  });
});

describe('account', () => {
  test('starts from the signed-in user and the spec defaults', async () => {
    await renderApp('/dashboard/settings/account', { session: demoSession });
    expect(await screen.findByLabelText(/First name/)).toHaveValue('Dana');
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Rivera');
    expect(screen.getByLabelText(/Email/, { selector: 'input' })).toHaveValue('demo@caucus.local');
    expect(screen.getByLabelText('Phone')).toHaveValue('');

    const timezone = screen.getByLabelText('Timezone');
    expect(timezone).toHaveValue('America/New_York');
    expect(within(timezone).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Eastern Time',
      'Central Time',
      'Mountain Time',
      'Pacific Time',
    ]);
    const language = screen.getByLabelText('Language');
    expect(language).toHaveValue('en');
    expect(within(language).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'English',
      'Spanish',
      'French',
    ]);
    const dateFormat = screen.getByLabelText('Date format');
    expect(dateFormat).toHaveValue('MM/DD/YYYY');
    expect(within(dateFormat).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'MM/DD/YYYY',
      'DD/MM/YYYY',
      'YYYY-MM-DD',
    ]);
    expect(screen.getByRole('switch', { name: 'Email notifications' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Push notifications' })).toHaveAttribute('aria-checked', 'false');
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

  test('saving is simulated with a success toast', async () => {
    const { user } = await renderApp('/dashboard/settings/account', { session: demoSession });
    await user.selectOptions(await screen.findByLabelText('Timezone'), 'Pacific Time');
    await user.click(screen.getByRole('switch', { name: 'Push notifications' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Account settings saved')).toBeInTheDocument();
    expect(screen.getByLabelText('Timezone')).toHaveValue('America/Los_Angeles');
    expect(productCalls()).toEqual([]);
  });
});

describe('organization', () => {
  test('starts from the account and the spec defaults', async () => {
    await renderApp('/dashboard/settings/organization', { session: demoSession });
    expect(await screen.findByLabelText(/Organization name/)).toHaveValue('Rivera for Council');
    const type = screen.getByLabelText(/Organization type/);
    expect(type).toHaveValue('political');
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select a type',
      'Non-profit',
      'Political',
      'Business',
      'Other',
    ]);
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('United States');
    expect(within(country).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'United States',
      'Canada',
      'United Kingdom',
      'Other',
    ]);
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

  test('logo and favicon accept images only, up to 5 MB, kept in the browser', async () => {
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
    expect(productCalls()).toEqual([]);
  });

  test('saving is simulated with a success toast', async () => {
    const { user } = await renderApp('/dashboard/settings/organization', { session: demoSession });
    await user.type(await screen.findByLabelText('Website'), 'https://rivera.example');
    await user.selectOptions(screen.getByLabelText('Country'), 'Canada');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Organization settings saved')).toBeInTheDocument();
    expect(productCalls()).toEqual([]);
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

  test('a valid change is simulated with a toast and clears the fields', async () => {
    const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
    await fillPasswords(user, 'old-secret', 'long-enough-1', 'long-enough-1');
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
    expect(productCalls()).toEqual([]);
  });

  test('two-factor toggle, sample sessions and login alerts', async () => {
    const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
    const twoFactor = await screen.findByRole('switch', { name: 'Two-factor authentication' });
    expect(twoFactor).toHaveAttribute('aria-checked', 'false');
    await user.click(twoFactor);
    expect(twoFactor).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByText('Two-factor authentication enabled')).toBeInTheDocument();

    const sessions = screen.getByRole('list', { name: 'Active sessions' });
    expect(within(sessions).getAllByRole('listitem')).toHaveLength(3);
    expect(within(sessions).getByText('Current session')).toBeInTheDocument();
    await user.click(within(sessions).getAllByRole('button', { name: 'Sign out' })[0] as HTMLElement);
    expect(within(sessions).getAllByRole('listitem')).toHaveLength(2);

    const alerts = screen.getAllByRole('checkbox');
    expect(alerts).toHaveLength(3);
    for (const box of alerts) expect(box).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Alert me when my password changes' }));
    expect(screen.getByRole('checkbox', { name: 'Alert me when my password changes' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Security Settings' }));
    expect(await screen.findByText('Security settings saved')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Alert me when my password changes' })).not.toBeChecked();
    expect(productCalls()).toEqual([]);
  });
});

describe('payment', () => {
  test('the Professional plan at $49/month; no invented card, invoice or billing form', async () => {
    const { user } = await renderApp('/dashboard/settings/payment', { session: demoSession });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Payment Methods', 'Billing', 'Subscription', 'Invoices']);
    expect(screen.getByText(NO_STORED_CARD)).toBeInTheDocument();
    expect(screen.queryByText(/ending in/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set as default' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Subscription' }));
    expect(screen.getByText(/Professional/)).toBeInTheDocument();
    expect(screen.getByText('$49/month')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Invoices' }));
    expect(screen.getByText(NO_INVOICES)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('$49.00')).not.toBeInTheDocument();

    // The billing form saved nowhere: the tab now says where billing details live.
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    const billing = screen.getByRole('tabpanel');
    expect(within(billing).getByText(BILLING_AT_PROVIDER)).toBeInTheDocument();
    expect(within(billing).getByRole('link', { name: 'support@caucus.app' })).toHaveAttribute('href', 'mailto:support@caucus.app');
    expect(within(billing).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Billing Information' })).not.toBeInTheDocument();
    expect(productCalls()).toEqual([]);
  });
});

describe('notifications', () => {
  test('email and push checkboxes, saved with a toast', async () => {
    const { user } = await renderApp('/dashboard/settings/notifications', { session: demoSession });
    const email = (await screen.findByRole('group', { name: 'Email Notifications' })) as HTMLElement;
    expect(within(email).getAllByRole('checkbox').map((box) => box.closest('div')?.textContent)).toEqual([
      'Campaign updates',
      'New donations',
      'Event reminders',
      'Weekly reports',
    ]);
    const push = screen.getByRole('group', { name: 'Push Notifications' });
    expect(within(push).getAllByRole('checkbox').map((box) => box.closest('div')?.textContent)).toEqual([
      'Real-time updates',
      'Daily summaries',
    ]);

    await user.click(screen.getByRole('checkbox', { name: 'Weekly reports' }));
    expect(screen.getByRole('checkbox', { name: 'Weekly reports' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Notification preferences saved')).toBeInTheDocument();
    // Bound to the form: the choice stays as made after saving.
    expect(screen.getByRole('checkbox', { name: 'Weekly reports' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Real-time updates' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Daily summaries' })).not.toBeChecked();
    expect(productCalls()).toEqual([]);
  });
});
