// Journey: Settings > Security with a user of its own (never the demo account, which other journeys
// sign in as): change the password and sign in with the new one only; sign out another session;
// turn on two-factor sign-in and sign in with a code and with a recovery code.
const { execFileSync } = require('node:child_process');
const { seedOwner } = require('../support/accounts');
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');

const baseURL = process.env.E2E_BASE_URL;

/**
 * The code an authenticator app shows `periods` from now, computed with otplib from the secret the
 * page showed. In a child node: otplib's plugins are ES modules, which jest's own require refuses.
 */
function totpCode(secret, periods = 0) {
  const script = `require('otplib').generate({ secret: process.argv[1], epoch: Math.floor(Date.now() / 1000) + Number(process.argv[2]) * 30 }).then((code) => process.stdout.write(code))`;
  return execFileSync(process.execPath, ['-e', script, secret, String(periods)], { cwd: __dirname, encoding: 'utf8' });
}

async function passwordStep(page, { email, password }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signedIn(page) {
  await page.getByText('Welcome Back!').waitFor();
  await page.waitForURL('**/dashboard', { timeout: 10_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe('security', () => {
  let browser;
  let user;
  beforeAll(async () => {
    browser = await launchBrowser();
    user = await seedOwner({ prefix: 'security', accountName: 'Security Journey Committee', firstName: 'Sam', lastName: 'Secure' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('change the password, then only the new one signs in', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await passwordStep(page, user);
    await signedIn(page);
    await page.goto('/dashboard/settings/security');
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel(/^New password/).fill('second-password-456');
    await page.getByLabel('Confirm new password').fill('second-password-456');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated. Other sessions were signed out.').waitFor();
    await context.close();

    const other = await openPage(browser, baseURL);
    await passwordStep(other.page, user);
    await other.page.getByText('Invalid email or password').waitFor();
    user.password = 'second-password-456';
    await passwordStep(other.page, user);
    await signedIn(other.page);
    expect([...problems.pageErrors, ...other.problems.pageErrors]).toEqual([]);
    await other.context.close();
  });

  test('sign out another session from a second browser', async () => {
    const first = await openPage(browser, baseURL);
    const second = await openPage(browser, baseURL);
    await passwordStep(first.page, user);
    await signedIn(first.page);
    await passwordStep(second.page, user);
    await signedIn(second.page);

    await first.page.goto('/dashboard/settings/security');
    const sessions = first.page.getByRole('list', { name: 'Active sessions' });
    await sessions.getByText('Current session').waitFor();
    const signOutOther = sessions.getByRole('button', { name: /^Sign out .+ on .+$/ }).first();
    await signOutOther.waitFor();
    await screenshot(first.page, 'security-sessions');
    // Every other session of this user is the second browser's (the first journey's ended with its password).
    const others = await sessions.getByRole('button', { name: /^Sign out .+ on .+$/ }).count();
    for (let i = 0; i < others; i += 1) {
      await sessions
        .getByRole('button', { name: /^Sign out .+ on .+$/ })
        .first()
        .click();
      await first.page.getByText('Session signed out').first().waitFor();
    }

    // The second browser is signed out: its next request sends it to the login page.
    await second.page.goto('/dashboard/settings/security');
    await second.page.waitForURL('**/login', { timeout: 10_000 });
    expect(first.problems.pageErrors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  test('turn on two-factor sign-in, then sign in with a code and with a recovery code', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await passwordStep(page, user);
    await signedIn(page);
    await page.goto('/dashboard/settings/security');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    // The password again before the QR code: a session alone cannot enrol an authenticator.
    const confirmPassword = page.getByRole('form', { name: 'Confirm your password to set up two-factor sign-in' });
    await confirmPassword.getByLabel('Current password').fill('not-the-password');
    await confirmPassword.getByRole('button', { name: 'Continue' }).click();
    await confirmPassword.getByText('Current password is incorrect').waitFor();
    expect(await page.getByRole('img', { name: 'QR code for adding Caucus to your authenticator app' }).count()).toBe(0);
    await checkA11y(page, 'two-factor setup password step');
    await confirmPassword.getByLabel('Current password').fill(user.password);
    await confirmPassword.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('img', { name: 'QR code for adding Caucus to your authenticator app' }).waitFor();
    const secret = (await page.getByLabel('Setup key').textContent()).trim();
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await screenshot(page, 'security-two-factor-setup');

    await page.getByLabel('Code from your authenticator app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const codesList = page.getByRole('list', { name: 'Recovery codes' });
    await codesList.waitFor();
    const recoveryCodes = (await codesList.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await screenshot(page, 'security-recovery-codes');
    await page.getByRole('button', { name: 'I saved my recovery codes' }).click();
    await page.getByText('10 of 10 recovery codes left.').waitFor();
    await context.close();

    // With a code: the next period's (the one used to turn it on cannot be used twice).
    const withCode = await openPage(browser, baseURL);
    await passwordStep(withCode.page, user);
    await withCode.page.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    await checkA11y(withCode.page, 'login two-factor step');
    await withCode.page.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await withCode.page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(withCode.page);
    await withCode.context.close();

    // With a recovery code, which then cannot be used again.
    const withRecovery = await openPage(browser, baseURL);
    await passwordStep(withRecovery.page, user);
    await withRecovery.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await withRecovery.page.getByLabel('Recovery code', { exact: true }).fill(recoveryCodes[0]);
    await withRecovery.page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(withRecovery.page);
    await withRecovery.context.close();

    const reused = await openPage(browser, baseURL);
    await passwordStep(reused.page, user);
    await reused.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await reused.page.getByLabel('Recovery code', { exact: true }).fill(recoveryCodes[0]);
    await reused.page.getByRole('button', { name: 'Verify' }).click();
    await reused.page.getByText('That recovery code is not valid or was already used.').waitFor();
    expect([...problems.pageErrors, ...withCode.problems.pageErrors, ...withRecovery.problems.pageErrors]).toEqual([]);
    await reused.context.close();
  });
});
