// Journey: call time from a call sheet to a pledge to a gift. A smart list becomes a session; five
// prospects are called with the keyboard alone (no answer, left message, a pledge, a gift on the call,
// a call-back); the follow-up queue shows the pledge and the call-back, a gift against the pledge
// fulfils it, and the session's stats follow (fulfilment over time, each caller, all sessions
// together). A meeting with a team member attending is logged on the way out.
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { logIn } = require('../support/auth');
const { seedOwner } = require('../support/accounts');

const baseURL = process.env.E2E_BASE_URL;

async function dataOf(response) {
  const body = await response.json();
  if (!response.ok()) throw new Error(`${response.status()} ${JSON.stringify(body)}`);
  return body.data;
}

/** Both widths the product is checked at: a desktop and a phone. */
async function shoot(page, name) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('call time', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('a session from a smart list, five calls by keyboard, a pledge and a gift, follow-ups and stats', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    const owner = await seedOwner({ prefix: 'calltime', accountName: 'Ortiz for Congress', firstName: 'Rae', lastName: 'Ortiz' });
    await logIn(page, owner);
    const run = Date.now() % 100000;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const year = Number(today.slice(0, 4)) + (Number(today.slice(0, 4)) % 2 === 0 ? 2 : 1);

    // The campaign with its committee and elections, and six prospects in one town.
    const { committee } = await dataOf(
      await page.request.post('/api/committees', {
        data: {
          name: 'Friends of Ortiz',
          fecId: 'C00765432',
          filingForm: 'F3',
          treasurerFirstName: 'Sam',
          treasurerLastName: 'Lee',
          street1: '1 Main St',
          city: 'Richmond',
          state: 'VA',
          zip: '23219',
          elections: [
            { code: `P${year}`, date: `${year}-03-03` },
            { code: `G${year}`, date: `${year}-11-03` },
          ],
        },
      }),
    );
    const { campaign } = await dataOf(
      await page.request.post('/api/campaigns', {
        data: { name: 'Ortiz House Race', slug: `ortiz-${run}`, campaignType: 'fundraising', committeeId: committee.id, fundraisingGoal: 250000 },
      }),
    );
    const town = `Calltown${run}`;
    const people = [
      ['Alma', 'Abbott', 2000],
      ['Ben', 'Baker', 1500],
      ['Cora', 'Cruz', 900],
      ['Dev', 'Dutta', 500],
      ['Eli', 'Evans', 250],
      ['Fay', 'Flores', 100],
    ];
    const ids = {};
    for (const [firstName, lastName, gave] of people) {
      const { contact } = await dataOf(
        await page.request.post('/api/contacts', {
          data: {
            firstName,
            lastName,
            city: town,
            state: 'VA',
            primaryPhone: `(804) 555-0${String(gave).slice(0, 3)}`,
            employer: 'Richmond Labs',
            occupation: 'Engineer',
          },
        }),
      );
      ids[firstName] = contact.id;
      await dataOf(
        await page.request.post(`/api/contacts/${contact.id}/donations`, {
          data: { donationAmount: gave, donationDate: today, campaignId: campaign.id, paymentMethod: 'check', status: 'completed' },
        }),
      );
    }
    const { list } = await dataOf(
      await page.request.post('/api/contact-lists', {
        data: { name: `Richmond donors ${run}`, type: 'smart', rules: [{ field: 'city', operator: 'equals', value: town }] },
      }),
    );
    expect(list.memberCount).toBe(6);

    // The section is no longer a placeholder: build the session in the form.
    await page.goto('/dashboard/calls-meetings');
    await page.getByRole('heading', { level: 1, name: 'Call time' }).waitFor();
    await page.getByRole('button', { name: 'New session' }).first().click();
    const form = page.getByRole('form', { name: 'New call-time session' });
    await form.getByRole('button', { name: 'Build call sheet' }).click();
    await form.getByText('Session name is required').waitFor();
    await checkA11y(page, 'session form with errors');
    await form.getByLabel('Session name').fill('Tuesday call time');
    await form.getByLabel('Contact list').selectOption(list.id);
    await form.getByLabel('Campaign').selectOption(campaign.id);
    await form.getByLabel('Call order').selectOption('largest_giving');
    await shoot(page, 'calltime-new-session');
    await form.getByRole('button', { name: 'Build call sheet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tuesday call time' }).waitFor();
    await page.getByText('0 of 6 called').waitFor();
    await page.getByRole('link', { name: 'Start calling' }).click();

    // The caller's screen: the biggest donor first, with the ask and the room under the limit.
    await page.getByRole('heading', { level: 2, name: 'Alma Abbott' }).waitFor();
    await page.getByRole('link', { name: /\(804\) 555-0200/ }).waitFor();
    expect(await page.getByRole('link', { name: /\(804\) 555-0200/ }).getAttribute('href')).toBe('tel:8045550200');
    await page.getByText('Keyboard:').waitFor();
    await shoot(page, 'calltime-caller');

    // 1: no answer. The next prospect comes up at once.
    await page.keyboard.press('1');
    await page.getByRole('heading', { level: 2, name: 'Ben Baker' }).waitFor();
    // 2: left message.
    await page.keyboard.press('2');
    await page.getByRole('heading', { level: 2, name: 'Cora Cruz' }).waitFor();
    // 4: pledged; the amount starts at the suggested ask, typed over, Enter saves.
    await page.keyboard.press('4');
    const pledgeAmount = page.getByLabel('Pledge amount');
    await pledgeAmount.waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1500');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Dev Dutta' }).waitFor();
    await page.getByText(/Last call: Cora Cruz: Pledged \$1,500/).waitFor();
    // 5: gave now, at the suggested ask.
    await page.keyboard.press('5');
    await page.getByLabel('Gift amount').waitFor();
    const ask = await page.getByLabel('Gift amount').inputValue();
    expect(Number(ask)).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Eli Evans' }).waitFor();
    // 3: call back, today; N writes a note first.
    await page.keyboard.press('n');
    await page.keyboard.type('Wants to talk after the debate');
    await page.keyboard.press('Escape');
    await page.keyboard.press('3');
    await page.getByLabel('Call back on').fill(today);
    await page.getByLabel('Call back on').press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Fay Flores' }).waitFor();
    await page.getByText('5 of 6 called').waitFor();

    // Money went through the ledger: the pledge is open, the gift counted to the campaign.
    const { pledges } = await dataOf(await page.request.get('/api/pledges/open'));
    expect(pledges).toEqual([expect.objectContaining({ contactName: 'Cora Cruz', pledgeAmount: 1500, amountFulfilled: 0 })]);
    const raised = (await dataOf(await page.request.get(`/api/campaigns/${campaign.id}`))).campaign.amountRaised;
    expect(raised).toBe(2000 + 1500 + 900 + 500 + 250 + 100 + Number(ask));

    // The follow-up queue: the call-back due today and the open pledge; the gift arrives against it.
    await page.getByRole('link', { name: 'Follow-ups' }).click();
    await page.getByRole('heading', { level: 1, name: 'Follow-ups' }).waitFor();
    await page.getByText('Wants to talk after the debate').waitFor();
    const pledgeRow = page.getByRole('list', { name: 'Open pledges' }).getByRole('listitem').filter({ hasText: 'Cora Cruz' });
    await pledgeRow.getByText('$1,500 pledged').waitFor();
    await shoot(page, 'calltime-follow-ups');
    await pledgeRow.getByRole('button', { name: 'Record gift from Cora Cruz' }).click();
    await page.getByRole('form', { name: 'Record the gift of Cora Cruz' }).getByRole('button', { name: 'Save gift' }).click();
    await page.getByText('No open pledges').waitFor();

    // The session's stats: five calls, three reached, the pledge fulfilled.
    await page.getByRole('link', { name: 'Call time' }).click();
    await page.getByRole('link', { name: 'Progress and stats' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tuesday call time' }).waitFor();
    const sessionStats = page.getByLabel('Session stats');
    await sessionStats.getByText('$1,500 (1)').waitFor();
    expect(await sessionStats.locator('div').filter({ hasText: 'Contact rate' }).locator('dd').textContent()).toBe('60%');
    expect(await sessionStats.locator('div').filter({ hasText: 'Fulfilment rate' }).locator('dd').textContent()).toBe('100%');
    expect(
      await sessionStats
        .locator('div')
        .filter({ hasText: /^Calls\d/ })
        .locator('dd')
        .textContent(),
    ).toBe('5');
    // Fulfilment over time: this week's pledge, fulfilled this week, the rate to date as text.
    const series = page.getByRole('table', { name: 'Pledges of this session fulfilled, week by week' });
    const thisWeek = series.getByRole('row').last();
    expect(await thisWeek.getByRole('cell').allTextContents()).toEqual(['100%', '$1,500 of $1,500', '$1,500', '$1,500']);
    const byCaller = page.getByRole('table', { name: 'Stats of each caller in this session' }).getByRole('row', { name: /Rae Ortiz/ });
    expect((await byCaller.getByRole('cell').allTextContents()).slice(0, 1)).toEqual(['5']);
    // The caller's own weeks open from the rate to date.
    await page.getByText('Rae Ortiz: 100% fulfilled ($1,500 of $1,500)').click();
    const own = page.getByRole('table', { name: 'Pledges taken by Rae Ortiz fulfilled, week by week' });
    expect(await own.getByRole('row').last().getByRole('cell').allTextContents()).toEqual(['100%', '$1,500 of $1,500', '$1,500', '$1,500']);
    await checkA11y(page, 'session stats with a caller series open');
    await shoot(page, 'calltime-session-stats');

    // Every session together: the caller across sessions, and the same series.
    await page.getByRole('link', { name: 'All sessions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Call time' }).waitFor();
    const across = page.getByRole('table', { name: 'Stats of each caller across all sessions' }).getByRole('row', { name: /Rae Ortiz/ });
    await across.waitFor();
    expect(await across.getByRole('cell').allTextContents()).toEqual(['5', expect.stringMatching(/\/h$/), '60%', '$1,500', '$1,500', '100%']);
    await page.getByRole('table', { name: 'Pledges of all sessions fulfilled, week by week' }).waitFor();
    await checkA11y(page, 'all sessions with callers and fulfilment over time');
    await shoot(page, 'calltime-all-sessions');

    // Eli's call-back, made from the follow-ups: its outcome is logged in the session and it leaves the list.
    await page.getByRole('link', { name: 'Follow-ups' }).click();
    const callback = page.getByRole('list', { name: 'Call-backs due' }).getByRole('listitem').filter({ hasText: 'Eli Evans' });
    await callback.getByRole('button', { name: 'Log call-back to Eli Evans' }).click();
    const callbackForm = page.getByRole('form', { name: 'Log the call-back to Eli Evans' });
    await callbackForm.getByLabel('Outcome').selectOption('left_message');
    await callbackForm.getByLabel('Notes').fill('Voicemail again');
    await checkA11y(page, 'logging a call-back');
    await shoot(page, 'calltime-log-callback');
    await callbackForm.getByRole('button', { name: 'Save call' }).click();
    await page.getByText('No call-backs due today.').waitFor();

    // A meeting with a donor, on the log.
    await page.getByRole('navigation', { name: 'Calls and meetings' }).getByRole('link', { name: 'Meetings' }).click();
    await page.getByRole('button', { name: 'Log a meeting' }).click();
    const meeting = page.getByRole('form', { name: 'Log a meeting' });
    await meeting.getByLabel('Find the contact').fill('Abbott');
    const contactSelect = meeting.getByRole('combobox', { name: /^Contact/ });
    await contactSelect.locator('option', { hasText: 'Alma Abbott' }).waitFor({ state: 'attached' });
    await contactSelect.selectOption({ label: 'Alma Abbott' });
    await meeting.getByLabel('Subject').fill('Coffee about hosting a house party');
    await meeting.getByRole('checkbox', { name: 'Rae Ortiz' }).check();
    await meeting.getByLabel('Follow-up', { exact: true }).fill('Send the host packet');
    await meeting.getByRole('button', { name: 'Save meeting' }).click();
    await page.getByRole('list', { name: 'Meetings' }).getByText('Coffee about hosting a house party · Alma Abbott').waitFor();
    await page
      .getByRole('list', { name: 'Meetings' })
      .getByText(/with Rae Ortiz/)
      .waitFor();
    await shoot(page, 'calltime-meetings');

    // The meeting is on the contact's own page too.
    await page.goto(`/dashboard/contacts/${ids.Alma}`);
    await page.getByRole('heading', { level: 2, name: 'Meetings' }).waitFor();
    await page.getByText('Coffee about hosting a house party').waitFor();
    await screenshot(page, 'calltime-contact-meetings');

    expect(problems.pageErrors).toEqual([]);
    await context.close();
    // Eight pages at two widths, each audited by axe: longer than a journey's default minute.
  }, 240_000);
});
