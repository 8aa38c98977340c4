// Journey: the pages whose copy and phone layouts were made true, at a laptop's 1440 px and a phone's
// 390 px, each audited by axe (screenshot() runs it). On the phone, the compliance queue's Excess and
// remedy buttons, a smart list's Why? button and the import mapping's field pickers are on screen:
// cards, not columns scrolled off to the right.
const { launchBrowser, openPage, screenshot } = require('../support/browser');
const { logIn } = require('../support/auth');
const { workspaceToday } = require('../support/dates');

const baseURL = process.env.E2E_BASE_URL;

async function dataOf(response) {
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/** The element lies inside the viewport's width (nothing to scroll sideways to). */
async function expectOnScreen(locator, width) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

describe('true copy and phone layouts', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    test(`at ${width} px`, async () => {
      const { context, page, problems } = await openPage(browser, baseURL, { viewport: { width, height } });
      await logIn(page);
      const run = `${width}${Date.now() % 100000}`;
      const year = new Date().getFullYear() + (new Date().getFullYear() % 2 === 0 ? 2 : 1);

      // An over-limit contributor: $3,000 then $1,000 for a primary with a $3,500 limit.
      const { committee } = await dataOf(
        await page.request.post('/api/committees', {
          data: { name: `Friends of Phone ${run}`, elections: [{ code: `P${year}`, date: `${year}-03-03` }] },
        }),
      );
      const { campaign } = await dataOf(
        await page.request.post('/api/campaigns', {
          data: { name: `Phone Race ${run}`, slug: `phone-race-${run}`, campaignType: 'fundraising', committeeId: committee.id },
        }),
      );
      const { contact } = await dataOf(
        await page.request.post('/api/contacts', {
          data: {
            firstName: 'Morgan',
            lastName: `Phone${run}`,
            employment: [{ companyName: 'Harbor Freight Lines', jobTitle: 'Dispatcher', isCurrent: true }],
          },
        }),
      );
      const today = await workspaceToday(page);
      for (const donationAmount of [3000, 1000]) {
        await dataOf(
          await page.request.post(`/api/contacts/${contact.id}/donations`, {
            data: { donationAmount, campaignId: campaign.id, donationDate: today, paymentMethod: 'ach', status: 'completed' },
          }),
        );
      }

      // Contact detail: employer and occupation, filled from the current position.
      await page.goto(`/dashboard/contacts/${contact.id}`);
      await page.getByRole('heading', { level: 1, name: `Morgan Phone${run}` }).waitFor();
      await page.locator('dt', { hasText: 'Employer' }).waitFor();
      expect(await page.locator('dt:text-is("Employer") + dd').textContent()).toBe('Harbor Freight Lines');
      expect(await page.locator('dt:text-is("Occupation") + dd').textContent()).toBe('Dispatcher');
      await screenshot(page, `truth-${width}-contact`);

      // Campaign page: one definition of Donations, ACH spelled right.
      await page.goto(`/dashboard/campaigns/${campaign.id}`);
      await page.getByText('Donations counts completed donations.').waitFor();
      await page
        .getByRole('table', { name: /Donation records/ })
        .getByText('ACH')
        .first()
        .waitFor();
      await screenshot(page, `truth-${width}-campaign`);

      // The compliance queue.
      await page.goto('/dashboard/data');
      await page.getByRole('tab', { name: 'Compliance' }).click();
      await page.getByLabel('Committee', { exact: true }).selectOption({ label: `Friends of Phone ${run}` });
      const row = page.getByRole('row', { name: new RegExp(`Morgan Phone${run}`) });
      await row.waitFor({ timeout: 15_000 });
      await expectOnScreen(row.getByText('$500.00'), width);
      await expectOnScreen(row.getByRole('button', { name: `Refund Morgan Phone${run}'s excess` }), width);
      await expectOnScreen(row.getByRole('button', { name: `Reattribute Morgan Phone${run}'s excess` }), width);
      // The contribution limits: every limit's field and its source in sight, nothing cut.
      const individual = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Individual', exact: true }) })
        .first();
      await expectOnScreen(individual.getByRole('spinbutton'), width);
      await expectOnScreen(individual.getByText(/^(FEC|Set by you)$/), width);
      await screenshot(page, `truth-${width}-compliance`);

      // Analytics: the charts render (the donut and every month label are checked in the screenshots).
      await page.getByRole('tab', { name: 'Analytics' }).click();
      await page.getByRole('figure', { name: 'Raised by month' }).waitFor({ timeout: 15_000 });
      await page.getByRole('figure', { name: 'New versus returning donors' }).locator('svg').first().waitFor();
      // recharts draws its sectors and bars in a JavaScript animation (not one document.getAnimations() sees).
      await page.waitForTimeout(2000);
      await screenshot(page, `truth-${width}-analytics`);

      // A smart list's members with their Why? buttons.
      const { lists } = await dataOf(await page.request.get('/api/contact-lists?limit=100'));
      const smart = lists.find((list) => list.type === 'smart' && list.memberCount > 0);
      await page.goto(`/dashboard/lists/${smart.id}`);
      const why = page.getByRole('button', { name: /^Why is .* on this list\?$/ }).first();
      await why.waitFor();
      await expectOnScreen(why, width);
      await screenshot(page, `truth-${width}-list-members`);

      // The import mapping: every field picker on screen.
      await page.goto('/dashboard/data');
      await page.getByRole('heading', { name: 'Select Campaign' }).waitFor();
      // Imports go to active campaigns (the one made above is a draft): the first offered.
      const campaignSelect = page.getByLabel('Campaign');
      await campaignSelect.selectOption(await campaignSelect.locator('option').nth(1).getAttribute('value'));
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Upload File' }).waitFor();
      const csv = 'Donor First Name,Donor Last Name,Donor Email,Amount,Date\nAda,Lovelace,ada@example.org,25,2026-03-15\n';
      await page.getByLabel('Import file').setInputFiles({ name: `phone-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('status').filter({ hasText: 'rows and' }).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Map Columns' }).waitFor();
      for (const header of ['Donor First Name', 'Donor Email', 'Date']) await expectOnScreen(page.getByLabel(`Field for ${header}`), width);
      await screenshot(page, `truth-${width}-import-mapping`);

      // Settings > Payment's subscription.
      await page.goto('/dashboard/settings/payment');
      await page.getByRole('tab', { name: 'Subscription' }).click();
      await page.getByRole('tabpanel').waitFor();
      await screenshot(page, `truth-${width}-payment`);

      expect(problems.pageErrors).toEqual([]);
      await context.close();

      // /signup-new is the signup, for a visitor.
      const visitor = await openPage(browser, baseURL, { viewport: { width, height } });
      await visitor.page.goto('/signup-new');
      await visitor.page.getByRole('heading', { level: 1, name: 'Choose Plan' }).waitFor();
      expect(await visitor.page.getByText('Page not found').count()).toBe(0);
      await screenshot(visitor.page, `truth-${width}-signup-new`);
      expect(visitor.problems.pageErrors).toEqual([]);
      await visitor.context.close();
    }, 180_000);
  }
});
