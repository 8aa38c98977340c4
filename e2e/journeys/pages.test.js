// Journey: every page a staffer opens, on a laptop (1440 px) and on a phone (390 px), with the demo
// account's data: each passes axe and none scrolls sideways. The other journeys audit the pages they
// act on; this one reaches the rest (detail pages, the Data tabs, settings), where a table hidden
// from sight or a chart's focusable parts once slipped through.
const { launchBrowser, openPage, screenshot } = require('../support/browser');
const { logIn } = require('../support/auth');

const baseURL = process.env.E2E_BASE_URL;

/** Opens the first visible link or button with this text (a phone shows cards where a laptop shows a table). */
const openFirst = (page, text) => page.locator('a:visible, button:visible').filter({ hasText: text }).first().click();

const dataTab = (name, ready) => async (page) => {
  await page.goto('/dashboard/data');
  await page.getByRole('tab', { name }).click();
  await ready(page);
};

const PAGES = [
  ['dashboard', (page) => page.goto('/dashboard'), (page) => page.getByRole('heading', { name: 'Campaign Performance' }).waitFor()],
  [
    'contact',
    async (page) => {
      await page.goto('/dashboard/contacts');
      await openFirst(page, 'Ashley Walker');
    },
    (page) => page.getByRole('heading', { name: 'Giving' }).waitFor(),
  ],
  [
    'list',
    async (page) => {
      await page.goto('/dashboard/lists');
      await openFirst(page, 'Donors Over $500');
    },
    (page) => page.getByRole('table', { name: /^Members of/ }).waitFor(),
  ],
  [
    'campaign',
    async (page) => {
      await page.goto('/dashboard/campaigns');
      await openFirst(page, /^View$/);
    },
    (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  ],
  [
    'event',
    async (page) => {
      await page.goto('/dashboard/events');
      await openFirst(page, 'View Details');
    },
    (page) => page.getByRole('tab', { name: 'Attendees' }).waitFor(),
  ],
  [
    'data-history',
    dataTab('Import History', (page) =>
      page
        .getByText(/Page \d+ of \d+|No imports/)
        .first()
        .waitFor(),
    ),
  ],
  ['data-analytics', dataTab('Analytics', (page) => page.getByRole('figure', { name: 'Raised by month' }).waitFor())],
  ['data-reports', dataTab('Reports', (page) => page.getByRole('link', { name: 'Download CSV of Donation Report' }).waitFor())],
  ['data-compliance', dataTab('Compliance', (page) => page.getByRole('heading', { level: 3 }).first().waitFor())],
  ...['account', 'organization', 'security', 'notifications'].map((name) => [
    `settings-${name}`,
    (page) => page.goto(`/dashboard/settings/${name}`),
    (page) =>
      page
        .getByRole('button', { name: /^Save|Change Password/ })
        .first()
        .waitFor(),
  ]),
  ['settings-payment', (page) => page.goto('/dashboard/settings/payment'), (page) => page.getByRole('tab', { name: 'Payment Methods' }).waitFor()],
];

describe('pages at 1440 and 390 px', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1440, 390]) {
    test(`${width} px: axe finds nothing serious and no page scrolls sideways`, async () => {
      const { context, page, problems } = await openPage(browser, baseURL, { viewport: { width, height: width > 500 ? 900 : 844 } });
      await logIn(page);
      for (const [name, open, ready] of PAGES) {
        await open(page);
        await (ready ?? (() => undefined))(page);
        await screenshot(page, `page-${name}-${width}`);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect({ page: name, sideways }).toEqual({ page: name, sideways: 0 });
      }
      expect(problems.pageErrors).toEqual([]);
      await context.close();
    });
  }
});
