// Journeys of a new customer: the paid signup through the local checkout, cancelling at
// checkout, and a forgotten password reset through the emailed link.
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { logIn } = require('../support/auth');
const { latestEmailTo } = require('../support/outbox');

const baseURL = process.env.E2E_BASE_URL;
function resetLinkFor(address) {
  const email = latestEmailTo(address, 'password_reset');
  return email.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)[0];
}

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function fillAccountStep(page, person) {
  await page.getByLabel(/first name/i).fill(person.firstName);
  await page.getByLabel(/last name/i).fill(person.lastName);
  await page.getByLabel(/^email/i).fill(person.email);
  await page.getByLabel(/^password/i).fill(person.password);
  await page.getByLabel(/confirm password/i).fill(person.password);
  await page.getByLabel(/organization name/i).fill(person.organizationName);
  await page.getByLabel(/organization type/i).selectOption('nonprofit');
  await page.getByLabel(/phone/i).fill('(555) 010-2030');
  await page.getByLabel(/agree/i).check();
}

describe('signup and account recovery', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('pricing -> plan -> three steps -> local checkout -> success -> dashboard; then login with the new password', async () => {
    const person = {
      firstName: 'Rosa',
      lastName: 'Delgado',
      email: `rosa.${unique()}@delgado.example`,
      password: 'organise-2026',
      organizationName: 'Delgado for School Board',
    };
    const { context, page, problems } = await openPage(browser, baseURL);
    await page.goto('/pricing');
    await page.getByText('$200').first().waitFor();
    await page.locator('a[href="/signup?plan=growth"]').first().click();
    await page.waitForURL('**/signup?plan=growth');

    await checkA11y(page, 'signup step 1');
    await page.getByRole('button', { name: 'Continue' }).click(); // plan preselected by ?plan=
    // Step 2: a validation error is shown, then fixed.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('First name is required').waitFor();
    await checkA11y(page, 'signup step 2 with errors');
    await fillAccountStep(page, person);
    await expect(page.getByText('First name is required').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('button', { name: 'Complete Payment - $200/month' }).waitFor();
    await checkA11y(page, 'signup payment step');
    await page.getByRole('button', { name: 'Complete Payment - $200/month' }).click();
    await page.waitForURL('**/api/billing/local-checkout/**');
    await screenshot(page, 'local-checkout');
    await page.getByRole('button', { name: /^Pay/ }).click();

    await page.waitForURL('**/signup/success?session_id=**');
    await page.getByText('Processing Your Payment...').waitFor();
    await page.getByText('Welcome to Caucus!').waitFor({ timeout: 10_000 });
    await screenshot(page, 'signup-success');
    await page.waitForURL('**/dashboard', { timeout: 10_000 }); // automatic, 5 s later

    // A workspace of their own: none of the demo account's contacts.
    await page.goto('/dashboard/contacts');
    await page.getByText(/^0 contacts/).waitFor();
    expect(latestEmailTo(person.email, 'welcome')).not.toBeNull();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await logIn(page, { email: person.email, password: person.password });
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  test('an email with an account is refused on step 2; cancelling at checkout keeps the plan and what was typed, never the password', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    const email = `ike.${unique()}@osei.example`;
    await page.goto('/signup?plan=team');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The demo user's address already has an account: said here, before any payment.
    await fillAccountStep(page, {
      firstName: 'Ike',
      lastName: 'Osei',
      email: 'demo@caucus.local',
      password: 'change-later-1',
      organizationName: 'Osei Tenants Union',
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('An account with this email already exists').waitFor();
    await expect(page.getByRole('heading', { level: 1, name: 'Account & Organization' }).count()).resolves.toBe(1);
    await page.getByLabel(/^email/i).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Complete Payment - $300/month' }).click();
    await page.waitForURL('**/api/billing/local-checkout/**');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/signup?plan=team');

    // Back on the account step with everything but the password, and told nothing was charged.
    await page.getByText('Payment canceled. Nothing was charged.').waitFor();
    await checkA11y(page, 'signup after a canceled checkout');
    await expect(page.getByLabel(/first name/i).inputValue()).resolves.toBe('Ike');
    await expect(page.getByLabel(/last name/i).inputValue()).resolves.toBe('Osei');
    await expect(page.getByLabel(/^email/i).inputValue()).resolves.toBe(email);
    await expect(page.getByLabel(/organization name/i).inputValue()).resolves.toBe('Osei Tenants Union');
    await expect(page.getByLabel(/organization type/i).inputValue()).resolves.toBe('nonprofit');
    await expect(page.getByLabel(/^password/i).inputValue()).resolves.toBe('');
    await expect(page.getByLabel(/confirm password/i).inputValue()).resolves.toBe('');
    await expect(page.evaluate(() => JSON.stringify(window.sessionStorage))).resolves.not.toContain('change-later-1');

    // The password again, and the same browser goes on to payment with its pending signup.
    await page.getByLabel(/^password/i).fill('change-later-1');
    await page.getByLabel(/confirm password/i).fill('change-later-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Complete Payment - $300/month' }).waitFor();
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  test('forgot password -> emailed link -> reset -> login with the new password', async () => {
    const { context, page } = await openPage(browser, baseURL);
    try {
      await page.goto('/forgot-password');
      await page.getByLabel(/email/i).waitFor();
      await checkA11y(page, 'forgot password');
      await page.getByLabel(/email/i).fill('demo@caucus.local');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('Check your email').waitFor();

      const link = new URL(resetLinkFor('demo@caucus.local'));
      await page.goto(link.pathname + link.search);
      await page.getByLabel(/^new password/i).fill('a-brand-new-pass');
      await page.getByLabel(/confirm/i).fill('a-brand-new-pass');
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('Password reset successful!').waitFor();
      await page.waitForURL('**/login', { timeout: 10_000 });
      await logIn(page, { email: 'demo@caucus.local', password: 'a-brand-new-pass' });

      // Single use: the same link fails now.
      const again = await context.request.post('/api/auth/reset-password', {
        data: { token: link.searchParams.get('token'), password: 'another-pass-1' },
      });
      expect(again.status()).toBe(400);
    } finally {
      // The other journeys sign in as the demo user: put its password back the same way.
      await context.request.post('/api/auth/forgot-password', { data: { email: 'demo@caucus.local' } });
      const token = new URL(resetLinkFor('demo@caucus.local')).searchParams.get('token');
      await context.request.post('/api/auth/reset-password', { data: { token, password: 'caucus-demo' } });
      await context.close();
    }
  });
});
