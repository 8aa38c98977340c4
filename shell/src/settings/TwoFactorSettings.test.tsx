import { screen, waitFor, within } from '@testing-library/react';
import { TWO_FACTOR_CODE_WRONG, WRONG_CURRENT_PASSWORD } from '@caucus/contract';
import { mockApi } from '../test/mockApi';
import { demoSession, loginData } from '../test/fixtures';
import { renderApp, resetAppState } from '../test/renderApp';
import { QR_CODE_ALT, TWO_FACTOR_REQUIRED_NOTICE } from './TwoFactorSettings';

jest.mock('../federation/remotes');

afterEach(() => {
  resetAppState();
  jest.restoreAllMocks();
});

const OFF = {
  enabled: false,
  enabledAt: null,
  recoveryCodesRemaining: 0,
  enrollmentRequired: false,
  accountRequiresTwoFactor: false,
  canManageRequirement: true,
};
const ON = { ...OFF, enabled: true, enabledAt: '2026-11-24T15:00:00.000Z', recoveryCodesRemaining: 10 };
const CODES = [
  'aaaaa-bbbbb',
  'ccccc-ddddd',
  'eeeee-fffff',
  'ggggg-hhhhh',
  'jjjjj-kkkkk',
  'mmmmm-nnnnn',
  'ppppp-qqqqq',
  'rrrrr-sssss',
  'ttttt-uuuuu',
  'vvvvv-wwwww',
];
const SETUP = {
  otpauthUrl: 'otpauth://totp/Caucus:demo?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

function securityApi(status: Record<string, unknown>, extra: Parameters<typeof mockApi>[0] = {}) {
  let current = status;
  return mockApi({
    'GET /auth/me': { body: { data: loginData } },
    'GET /settings/workspace': {
      body: {
        data: {
          organizationName: 'Rivera for Council',
          logo: null,
          primaryColor: '#667eea',
          timezone: 'America/New_York',
          dateFormat: 'MM/DD/YYYY',
          language: 'en',
          subscription: { status: 'active', readOnly: false, message: null },
        },
      },
    },
    'GET /settings/sessions': { body: { data: { sessions: [] } } },
    'GET /settings/notifications': { body: { data: { loginAlertNewBrowser: true, loginAlertPasswordChanged: true } } },
    'GET /settings/two-factor': () => ({ body: { data: current } }),
    'POST /settings/two-factor/setup': ({ body }) =>
      (body as { currentPassword?: string }).currentPassword === 'correct horse'
        ? { body: { data: SETUP } }
        : { status: 400, body: { message: WRONG_CURRENT_PASSWORD, details: { currentPassword: WRONG_CURRENT_PASSWORD } } },
    'POST /settings/two-factor/confirm': ({ body }) => {
      if ((body as { code: string }).code !== '123456')
        return { status: 400, body: { message: TWO_FACTOR_CODE_WRONG, details: { code: TWO_FACTOR_CODE_WRONG } } };
      current = ON;
      return { body: { data: { message: 'on', recoveryCodes: CODES } } };
    },
    'POST /settings/two-factor/disable': () => {
      current = OFF;
      return { body: { data: { message: 'Two-factor sign-in is off.' } } };
    },
    'PUT /settings/two-factor/requirement': ({ body }) => {
      current = { ...current, accountRequiresTwoFactor: (body as { required: boolean }).required };
      return { body: { data: { ...current, message: 'Two-factor sign-in is now required for everyone in this account.' } } };
    },
    ...extra,
  });
}

test('enrol: the password first, then the QR code with its alt text and the key, a wrong then a right code, recovery codes shown once', async () => {
  const api = securityApi(OFF);
  const createObjectURL = jest.fn(() => 'blob:codes');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

  const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
  // After user-event's setup, which installs its own clipboard.
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));

  // No QR code before the password: a session alone cannot enrol an authenticator.
  const passwordForm = await screen.findByRole('form', { name: 'Confirm your password to set up two-factor sign-in' });
  await user.click(within(passwordForm).getByRole('button', { name: 'Continue' }));
  expect(await within(passwordForm).findByText('Current password is required')).toBeInTheDocument();
  expect(api.callsTo('POST', '/settings/two-factor/setup')).toHaveLength(0);
  const password = within(passwordForm).getByLabelText('Current password');
  await user.type(password, 'wrong horse');
  await user.click(within(passwordForm).getByRole('button', { name: 'Continue' }));
  expect(await within(passwordForm).findByText(WRONG_CURRENT_PASSWORD)).toBeInTheDocument();
  expect(screen.queryByRole('img', { name: QR_CODE_ALT })).not.toBeInTheDocument();
  await user.clear(password);
  await user.type(password, 'correct horse');
  await user.click(within(passwordForm).getByRole('button', { name: 'Continue' }));

  const qr = await screen.findByRole('img', { name: QR_CODE_ALT });
  expect(api.callsTo('POST', '/settings/two-factor/setup').map((call) => call.body)).toEqual([
    { currentPassword: 'wrong horse' },
    { currentPassword: 'correct horse' },
  ]);
  expect(qr).toHaveAttribute('src', SETUP.qrCode);
  expect(screen.getByText(SETUP.secret)).toBeInTheDocument();

  const field = screen.getByLabelText('Code from your authenticator app');
  await user.type(field, '000000');
  await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
  expect(await screen.findByText(TWO_FACTOR_CODE_WRONG)).toBeInTheDocument();

  await user.clear(field);
  await user.type(field, '123456');
  await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
  const list = await screen.findByRole('list', { name: 'Recovery codes' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(CODES);
  expect(api.callsTo('POST', '/settings/two-factor/confirm').map((call) => call.body)).toEqual([{ code: '000000' }, { code: '123456' }]);

  await user.click(screen.getByRole('button', { name: 'Copy codes' }));
  expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
  await user.click(screen.getByRole('button', { name: 'Download codes' }));
  expect(createObjectURL).toHaveBeenCalledTimes(1);
  expect(click).toHaveBeenCalledTimes(1);

  await user.click(screen.getByRole('button', { name: 'I saved my recovery codes' }));
  // Gone for good: the page shows the state, never the codes again.
  expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  expect(await screen.findByText('10 of 10 recovery codes left.')).toBeInTheDocument();
});

test('turning it off needs the password and a code', async () => {
  const api = securityApi(ON);
  const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
  const form = await screen.findByRole('form', { name: 'Turn off two-factor sign-in' });
  await user.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }));
  expect(await screen.findByText('Password is required')).toBeInTheDocument();
  expect(screen.getByText('Enter a code from your authenticator app or a recovery code')).toBeInTheDocument();
  expect(api.callsTo('POST', '/settings/two-factor/disable')).toHaveLength(0);

  await user.type(within(form).getByLabelText('Password'), 'correct horse');
  await user.type(within(form).getByLabelText('Authentication or recovery code'), '123456');
  await user.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }));
  expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  expect(api.callsTo('POST', '/settings/two-factor/disable')[0].body).toEqual({ password: 'correct horse', code: '123456' });
});

test("the owner's switch requires it for everyone; it waits until the owner has it on", async () => {
  securityApi(OFF);
  const first = await renderApp('/dashboard/settings/security', { session: demoSession });
  expect(await screen.findByRole('switch', { name: 'Require two-factor sign-in for everyone in this account' })).toBeDisabled();
  first.unmount();
  resetAppState();

  const api = securityApi(ON);
  const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
  const toggle = await screen.findByRole('switch', { name: 'Require two-factor sign-in for everyone in this account' });
  await waitFor(() => expect(toggle).toBeEnabled());
  await user.click(toggle);
  await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
  expect(api.callsTo('PUT', '/settings/two-factor/requirement')[0].body).toEqual({ required: true });
});

test('a user the organization requires it of sees why, above the page, and enrols with the password too', async () => {
  const api = securityApi({ ...OFF, enrollmentRequired: true, accountRequiresTwoFactor: true, canManageRequirement: false });
  const { user } = await renderApp('/dashboard/settings/security', { session: demoSession });
  expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_REQUIRED_NOTICE);
  expect(screen.queryByRole('switch')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
  const passwordForm = await screen.findByRole('form', { name: 'Confirm your password to set up two-factor sign-in' });
  await user.type(within(passwordForm).getByLabelText('Current password'), 'correct horse');
  await user.click(within(passwordForm).getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('img', { name: QR_CODE_ALT })).toBeInTheDocument();
  expect(api.callsTo('POST', '/settings/two-factor/setup').map((call) => call.body)).toEqual([{ currentPassword: 'correct horse' }]);
});

test('a signed-in user the organization requires it of is taken to the Security page on load', async () => {
  securityApi(
    { ...OFF, enrollmentRequired: true, accountRequiresTwoFactor: true, canManageRequirement: false },
    {
      'GET /auth/me': { body: { data: { ...loginData, twoFactorEnrollmentRequired: true } } },
    },
  );
  const { location } = await renderApp('/dashboard/contacts', { session: demoSession });
  await waitFor(() => expect(location()).toBe('/dashboard/settings/security'));
  expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_REQUIRED_NOTICE);
});
