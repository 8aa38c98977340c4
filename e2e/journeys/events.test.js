// Journey: an event is created, edited, seen in each calendar view of the home page, and deleted.
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { logIn } = require('../support/auth');

const baseURL = process.env.E2E_BASE_URL;

function isoDay(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

describe('events', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('create, edit, see in month/week/day views, delete', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page);
    const name = `Rally ${Date.now() % 100000}`; // under 20 characters: shown whole in the month grid
    const renamed = `${name} B`;

    await page.goto('/dashboard/events');
    await page.getByRole('button', { name: 'New Event' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await dialog.getByText('Event name is required').waitFor();
    await checkA11y(page, 'event form with errors');
    await dialog.getByLabel('Event Name').fill(name);
    const campaign = dialog.getByLabel('Campaign');
    const firstCampaign = await campaign.locator('option').nth(1).getAttribute('value');
    await campaign.selectOption(firstCampaign);
    await dialog.getByRole('tab', { name: 'Logistics' }).click().catch(() => {});
    await page.getByLabel('Start Date').fill(isoDay(new Date()));
    await page.getByLabel('Start Time').fill('18:30').catch(() => {});
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await page.getByRole('heading', { name }).waitFor();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByRole('dialog').getByLabel('Event Name').fill(renamed);
    await page.getByRole('dialog').getByRole('button', { name: 'Update Event' }).click();
    await page.getByRole('heading', { name: renamed }).waitFor();

    // The event's own page, on the page background: its back link and tabs must read there too.
    await page.getByRole('article', { name: renamed }).getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
    await page.getByRole('tab', { name: 'Attendees' }).waitFor();
    await screenshot(page, 'event-details');
    await page.getByRole('link', { name: /Back to Events/ }).click();
    await page.getByRole('heading', { name: renamed }).waitFor();

    await page.goto('/dashboard');
    for (const view of ['Month', 'Week', 'Day']) {
      await page.getByRole('button', { name: view, exact: true }).click();
      await page.getByText(renamed).first().waitFor({ timeout: 15_000 });
      await screenshot(page, `calendar-${view.toLowerCase()}`);
    }
    // On a phone the week's seven day headers stay readable: at most two lines each (weekday, then
    // the day), never the text broken letter by letter.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    const headers = page.getByTestId('day-header');
    await headers.first().waitFor();
    const lines = await headers.evaluateAll((cells) =>
      cells.map((cell) => Math.round(cell.querySelector('button').getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight))),
    );
    expect(lines).toHaveLength(7);
    for (const count of lines) expect(count).toBeLessThanOrEqual(2);
    await screenshot(page, 'calendar-week-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto('/dashboard/events');
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('dialog').getByText(`Are you sure you want to delete "${renamed}"?`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: renamed }).waitFor({ state: 'detached' });
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
