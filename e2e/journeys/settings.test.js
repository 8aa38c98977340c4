// Journey: settings, reached from the top bar — validation texts, defaults, a save, and the real plan.
const { launchBrowser, openPage, screenshot } = require('../support/browser');
const { logIn } = require('../support/auth');

const baseURL = process.env.E2E_BASE_URL;

describe('settings', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('account and security validation, defaults, a save, and the real plan', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page);
    await page.getByRole('button', { name: /settings/i }).first().click();
    await page.waitForURL('**/dashboard/settings**');
    await screenshot(page, 'settings-overview');

    await page.getByRole('link', { name: /Account/ }).first().click();
    await page.waitForURL('**/dashboard/settings/account');
    await expect(page.getByLabel('Timezone').inputValue()).resolves.toBe('America/New_York');
    await expect(page.getByLabel('Date format').inputValue()).resolves.toBe('MM/DD/YYYY');
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByLabel('First name').fill('Demo');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Account settings saved').waitFor();

    await page.goto('/dashboard/settings/security');
    await page.getByLabel('Current password').fill('caucus-demo');
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('New passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await screenshot(page, 'settings-security');

    await page.goto('/dashboard/settings/payment');
    await page.getByRole('tab', { name: /subscription/i }).click();
    // The demo account bought Growth at $200/month: the page shows that, not a sample plan.
    await page.getByText('Growth').first().waitFor();
    await page.getByText('$200/month').first().waitFor();
    expect(await page.getByText('$49/month').count()).toBe(0);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
