// Journey: a new account's first visit (docs/product/first-run-and-settings.md, First run). The home welcomes it
// (not "Welcome back") with the getting-started checklist, and the checklist follows real progress:
// after the first campaign is created, that step shows done. A user of its own, never the demo
// account, whose campaigns and contacts would tick every step already.
const { seedOwner } = require('../support/accounts');
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { logIn } = require('../support/auth');

const baseURL = process.env.E2E_BASE_URL;

const checklist = (page) => page.getByRole('region', { name: 'Get started with Caucus' });

describe('first run', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('a new account is welcomed with the checklist, and creating a campaign ticks its step', async () => {
    const user = await seedOwner({ prefix: 'first-run', accountName: 'First Run Committee', firstName: 'Frankie', lastName: 'First' });
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page, user);

    await page.getByRole('heading', { name: 'Welcome, Frankie!' }).waitFor();
    expect(await page.getByText(/Welcome back/).count()).toBe(0);
    const steps = checklist(page);
    await steps.waitFor();
    await steps.getByText('0 of 5 done').waitFor();
    for (const label of ['Create a campaign', 'Import your donor file', 'Add a contact', 'Build a list', 'Set up two-factor sign-in']) {
      await steps.getByText(`${label} (not done yet)`, { exact: false }).waitFor();
    }
    await screenshot(page, 'first-run-home');

    // The checklist's own button leads to the campaign form.
    await steps.getByRole('link', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Create New Campaign' }).waitFor();
    const name = `First Campaign ${Date.now()}`;
    await page.getByLabel('Campaign Name').fill(name);
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await page.getByRole('heading', { name }).waitFor({ timeout: 15_000 });

    await page.goto('/dashboard');
    await steps.getByText('1 of 5 done').waitFor({ timeout: 15_000 });
    await steps.getByText('Create a campaign (done)').waitFor();
    await steps.getByText('Add a contact (not done yet)').waitFor();
    await checkA11y(page, 'first-run home after a campaign');

    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
