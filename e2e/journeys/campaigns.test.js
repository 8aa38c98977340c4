// Journey: a campaign created through all five tabs appears on the home page and in the
// performance widget, filters the home page, and is deleted.
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { logIn } = require('../support/auth');
const { workspaceToday } = require('../support/dates');

const baseURL = process.env.E2E_BASE_URL;

describe('campaigns', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('create through five tabs, see it on the home page, filter by it, delete it', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page);
    const name = `Harbor Schools ${Date.now() % 100000}`;

    await page.goto('/dashboard/campaigns');
    await page.getByText('New Campaign').first().click();
    await page.getByRole('heading', { name: 'Create New Campaign' }).waitFor();
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await page.getByText('Campaign name is required').waitFor();
    await checkA11y(page, 'campaign form with errors');

    await page.getByLabel('Campaign Name').fill(name);
    await expect(page.getByLabel('Slug').inputValue()).resolves.toBe(name.toLowerCase().replace(/ /g, '-'));
    await page.getByLabel('Status').selectOption('active');

    await page.getByRole('tab', { name: 'Goals & Targets' }).click();
    await page.getByLabel('Fundraising Goal ($)').fill('50000');
    await page.getByLabel('Contact Goal').fill('500');
    await page.getByLabel('Volunteer Goal').fill('40');

    await page.getByRole('tab', { name: 'Committees & Accounts' }).click();
    const committee = page.getByLabel('Committee', { exact: true });
    await committee.locator('option').nth(1).waitFor({ state: 'attached' });
    await committee.selectOption({ index: 1 });

    await page.getByRole('tab', { name: 'Donation Settings' }).click();
    await page.getByLabel('Minimum Donation ($)').fill('5');
    await page.getByLabel('Add suggested amount').fill('75');
    await page.getByRole('button', { name: 'Add Amount' }).click();

    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.getByLabel('Start Date').fill(await workspaceToday(page));
    await page.getByLabel('End Date').fill(await workspaceToday(page, 60));
    await screenshot(page, 'campaign-form-timeline');
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await page.getByRole('heading', { name }).waitFor({ timeout: 15_000 });

    // The home page: the performance widget lists it; choosing it filters the page.
    await page.goto('/dashboard');
    const widget = page.getByRole('region', { name: 'Campaign performance' }).or(page.locator('[aria-label="Campaign performance"]'));
    await widget.getByText(name).first().waitFor({ timeout: 15_000 });
    await widget.getByText(name).first().click();
    // The filter shows the campaign once its options (loaded by the header) include it: wait for it.
    await page.getByLabel('Campaign filter').locator('option:checked', { hasText: name }).waitFor({ state: 'attached', timeout: 15_000 });
    await page.getByText('$0').first().waitFor(); // nothing raised yet for the new campaign
    await screenshot(page, 'home-filtered');

    await page.goto('/dashboard/campaigns');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByText(`Are you sure you want to delete "${name}"?`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name }).waitFor({ state: 'detached' });
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
