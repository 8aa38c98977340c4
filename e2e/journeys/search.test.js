// Journey: the top bar finds an event. Ctrl+K from anywhere focuses the search, suggestions come
// grouped by kind as you type, the arrow keys reach the event and Enter opens it.
const { launchBrowser, openPage, screenshot } = require('../support/browser');
const { logIn } = require('../support/auth');

const baseURL = process.env.E2E_BASE_URL;
// One of the demo account's events (api/src/db/seeds/demo.ts).
const EVENT = 'Rivera Community Rally';

describe('global search', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('search an event from the top bar and open it with the keyboard', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page);
    await page.goto('/dashboard/contacts');
    await page.getByRole('heading', { name: 'Contacts' }).first().waitFor();

    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Search' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    await box.pressSequentially('rally', { delay: 20 });
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    await listbox
      .getByRole('group', { name: 'Events' })
      .getByRole('option', { name: new RegExp(EVENT) })
      .waitFor();
    await screenshot(page, 'search-suggestions');

    // Down through the options until the event is the chosen one.
    for (let step = 0; step < 20; step += 1) {
      await page.keyboard.press('ArrowDown');
      const activeId = await box.getAttribute('aria-activedescendant');
      const label = activeId ? await page.locator(`[id="${activeId}"]`).textContent() : '';
      if (label.startsWith(EVENT)) break;
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/events\/[^/]+$/);
    await page.getByRole('heading', { name: EVENT }).waitFor();
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
