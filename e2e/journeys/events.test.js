// Journey: an event is created, edited, seen in each calendar view of the home page, and deleted.
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { logIn } = require('../support/auth');
const { workspaceToday } = require('../support/dates');

const baseURL = process.env.E2E_BASE_URL;

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
    await dialog
      .getByRole('tab', { name: 'Logistics' })
      .click()
      .catch(() => {});
    await page.getByLabel('Start Date').fill(await workspaceToday(page));
    await page
      .getByLabel('Start Time')
      .fill('18:30')
      .catch(() => {});
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
    // The Day view's one header (no button) is still there until the week has rendered: wait for
    // the week's seven, each its button.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="day-header"] > button').length === 7);
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

  // One time for an event on every screen, whatever the browser's zone: the browser runs in Tokyo,
  // the user's workspace time zone is Pacific. 6:30 PM typed in the form reads 6:30 PM in the list,
  // the detail, the home calendar (day view and picked event) and the search suggestions.
  test('an event entered at 6:30 PM reads 6:30 PM on every screen, with the browser in another zone', async () => {
    const { context, page, problems } = await openPage(browser, baseURL, { timezoneId: 'Asia/Tokyo' });
    await logIn(page);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
    const settings = (await (await page.request.get('/api/settings/account')).json()).data;
    const putZone = async (timezone) => {
      const res = await page.request.put('/api/settings/account', {
        data: {
          firstName: settings.firstName,
          lastName: settings.lastName,
          email: settings.email,
          phone: settings.phone ?? '',
          timezone,
          language: settings.language,
          dateFormat: settings.dateFormat,
        },
      });
      expect(res.status()).toBe(200);
    };
    await putZone('America/Los_Angeles');
    const name = `Dinner ${Date.now() % 100000}`;
    try {
      // Two days ahead on the workspace's calendar (in Tokyo it may already be the day after).
      const laToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
      const day = new Date(`${laToday}T12:00:00Z`);
      day.setUTCDate(day.getUTCDate() + 2);
      const eventDay = day.toISOString().slice(0, 10);
      const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(day);
      const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(day);
      const when = new RegExp(`${shortDay}, 6:30\\sPM`);

      await page.goto('/dashboard/events');
      await page.getByRole('button', { name: 'New Event' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Event Name').fill(name);
      const campaign = dialog.getByLabel('Campaign');
      await campaign.selectOption(await campaign.locator('option').nth(1).getAttribute('value'));
      await dialog.getByRole('tab', { name: 'Logistics' }).click();
      await dialog.getByLabel('Start Date').fill(eventDay);
      await dialog.getByLabel('Start Time').fill('18:30');
      await dialog.getByText('Time in America/Los Angeles').first().waitFor();
      await dialog.getByRole('button', { name: 'Create Event' }).click();

      // The list.
      const card = page.getByRole('article', { name });
      await card.waitFor();
      await card.getByText(when).waitFor();
      // Stored in UTC: 6:30 PM Pacific.
      const stored = (await (await page.request.get(`/api/events?search=${encodeURIComponent(name)}`)).json()).data.events[0];
      expect(
        new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles' })
          .format(new Date(stored.startDate))
          .replace(/\s/g, ' '),
      ).toBe('6:30 PM');
      expect(stored.startDate).toMatch(/Z$/);

      // The detail.
      await card.getByRole('link', { name: 'View Details' }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByText(when).first().waitFor();

      // The home calendar: the day view of that day, and the picked event.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Day', exact: true }).click();
      // Each click waits for the view it changes (Day pressed, then the next day's column): on a
      // loaded machine a click on Next could otherwise land while the week view still shows, and move
      // a week.
      await page.getByRole('button', { name: 'Day', exact: true, pressed: true }).waitFor();
      for (let step = 1; step <= 2; step += 1) {
        await page.getByRole('button', { name: 'Next', exact: true }).click();
        const shown = new Date(`${laToday}T12:00:00Z`);
        shown.setUTCDate(shown.getUTCDate() + step);
        const shownDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(shown);
        await page.getByRole('list', { name: shownDay, exact: true }).waitFor();
      }
      const column = page.getByRole('list', { name: longDay, exact: true });
      const block = column.getByRole('button', { name: new RegExp(name) });
      await block.waitFor({ timeout: 15_000 });
      expect((await block.textContent()).replace(/\s/g, ' ')).toContain('6:30 PM');
      await block.click();
      await page.getByRole('region', { name: 'Selected event' }).getByText(when).waitFor();

      // The search suggestions.
      await page.getByRole('combobox', { name: 'Search' }).fill(name);
      await page
        .getByRole('listbox', { name: 'Search suggestions' })
        .getByRole('option', { name: new RegExp(name) })
        .getByText(when)
        .waitFor();
      await screenshot(page, 'event-times-search');

      // And back in the events section the same 6:30 PM, not the browser's clock.
      await page.goto('/dashboard/events');
      await page.getByRole('article', { name }).getByText(when).waitFor();
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('heading', { name }).waitFor({ state: 'detached' });
    } finally {
      await putZone(settings.timezone);
    }
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
