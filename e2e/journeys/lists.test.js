// Journeys: a static list built from the Add Contacts modal with members removed; a smart list built in
// the rule builder with a nested group, its live count, saved, refreshed, and a member's "why" shown.
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { logIn } = require('../support/auth');

const baseURL = process.env.E2E_BASE_URL;

/** Polls until the check holds (these journeys use jest's expect, which does not retry), as long as Playwright waits for a locator. */
async function until(description, check, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    const result = await check().catch((error) => ((last = error.message), false));
    if (result) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting until ${description}${last ? `: ${last}` : ''}`);
}

const hasCount = (locator, n) => until(`${n} matches of ${locator}`, async () => (await locator.count()) === n);
const hasText = (locator, pattern) =>
  until(`text ${pattern}`, async () => {
    const text = (await locator.textContent()) ?? '';
    return typeof pattern === 'string' ? text.trim() === pattern : pattern.test(text.trim());
  });

describe('contact lists', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('a static list: create, add contacts from the modal, remove members, delete', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page);
    const name = `Gala table ${Date.now() % 100000}`;

    await page.goto('/dashboard/lists');
    await page.getByRole('heading', { level: 1, name: 'Contact Lists' }).waitFor();
    await page.getByRole('link', { name: 'Create List' }).click();
    await page.waitForURL('**/dashboard/lists/new');
    await page.getByRole('heading', { name: 'Create Contact List' }).waitFor();
    await checkA11y(page, 'new list form');
    await page.getByRole('button', { name: 'Create List' }).click();
    await page.getByText('List name is required').waitFor();
    await page.getByLabel('List name').fill(name);
    await page.getByLabel('Tags').fill(' gala,  vip , gala');
    await page.getByRole('button', { name: 'Create List' }).click();
    await page.getByText('Contact list created successfully').waitFor();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(page.url()).toMatch(/\/dashboard\/lists\/[0-9a-f-]{36}$/);
    await page.getByRole('list', { name: 'Tags' }).getByText('vip').waitFor();

    await page.getByRole('button', { name: 'Add Contacts' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('checkbox').first().waitFor();
    await modal.getByRole('button', { name: 'Add Selected' }).click();
    await page.getByText('Please select contacts to add').waitFor();
    for (const index of [0, 1, 2]) await modal.getByRole('checkbox').nth(index).check();
    await modal.getByRole('button', { name: 'Add 3 Selected' }).click();
    await page.getByText('Added 3 contacts to the list').waitFor();
    await page.getByText('3 contacts', { exact: true }).waitFor();
    const rows = page.getByRole('table', { name: `Members of ${name}` }).locator('tbody tr');
    await hasCount(rows, 3);
    await screenshot(page, 'lists-static-detail');

    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Remove (2)' }).click();
    await page.getByRole('dialog').getByText('Remove 2 contact(s) from this list?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Removed 2 contacts from the list').waitFor();
    await page.getByText('1 contact', { exact: true }).waitFor();
    await hasCount(rows, 1);

    // Deleting the open list returns to the lists.
    await page.getByRole('button', { name: 'Delete List' }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to delete this list?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Contact list deleted successfully').waitFor();
    await page.waitForURL('**/dashboard/lists');
    await page.getByRole('heading', { level: 1, name: 'Contact Lists' }).waitFor();
    await hasCount(page.getByRole('heading', { name }), 0);

    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  test('a smart list: nested group in the builder, live count, save, refresh, why', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page);
    const name = `Midwest givers ${Date.now() % 100000}`;

    await page.goto('/dashboard/lists/new');
    await page.getByLabel('List name').fill(name);
    await page.getByLabel('List type').selectOption('smart');
    await page.getByText('Add a rule to see how many contacts match.').waitFor();
    const rules = page.getByTestId('rule');

    // Total donated > 0 AND (State is any of IL, WI OR Volunteer = yes)
    await rules.nth(0).getByLabel('Field').selectOption('totalDonated');
    expect(await rules.nth(0).getByLabel('Value').inputValue()).toBe('0');
    await rules.nth(0).getByLabel('Operator').selectOption('greater_than');
    await page.getByRole('button', { name: '+ Add group' }).click();
    await rules.nth(1).getByLabel('Field').selectOption('state');
    await rules.nth(1).getByLabel('Operator').selectOption('in');
    await rules.nth(1).getByLabel('Values').fill('IL, WI');
    await page.getByRole('group', { name: 'Group' }).getByRole('button', { name: '+ Add rule' }).click();
    await rules.nth(2).getByLabel('Field').selectOption('isVolunteer');
    await page.getByRole('group', { name: 'Group' }).getByLabel('Join with').selectOption('or');

    const liveCount = page.getByTestId('live-count');
    // A settled count: while the last rule changes are still being counted it reads "(updating)".
    await hasText(liveCount, /^[\d,]+ contacts? match these rules$/);
    const counted = Number((await liveCount.textContent()).match(/^([\d,]+)/)[1].replace(/,/g, ''));
    expect(counted).toBeGreaterThan(0);
    // The count follows the rules as they change: narrowing to volunteers only lowers it.
    await rules.nth(0).getByLabel('Value').fill('1000000000');
    await hasText(liveCount, '0 contacts match these rules');
    await rules.nth(0).getByLabel('Value').fill('0');
    await hasText(liveCount, new RegExp(`^${counted.toLocaleString('en-US')} contacts? match`));
    await screenshot(page, 'lists-smart-builder');

    await page.getByRole('button', { name: 'Create List' }).click();
    await page.getByText('Contact list created successfully').waitFor();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText(`${counted.toLocaleString('en-US')} ${counted === 1 ? 'contact' : 'contacts'}`, { exact: true }).waitFor();
    await page.getByText(/Rules last applied/).waitFor();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Smart rules applied successfully').waitFor();

    await page
      .getByRole('button', { name: /^Why is .* on this list\?$/ })
      .first()
      .click();
    const why = page.getByRole('dialog');
    await why.getByText('The rules match this contact now.').waitFor();
    await why.getByText('Total donated').waitFor();
    await why.getByText('Matches').first().waitFor();
    await screenshot(page, 'lists-smart-why');
    await why.getByRole('button', { name: 'Close' }).first().click();

    // The edit page holds the same rules, nested group included.
    await page.getByRole('link', { name: 'Edit List' }).click();
    await page.getByRole('heading', { name: 'Edit Contact List' }).waitFor();
    await hasCount(page.getByRole('group', { name: 'Group' }).getByTestId('rule'), 2);
    await hasText(liveCount, new RegExp(`^${counted.toLocaleString('en-US')} contacts? match`));

    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  // Smart lists keep themselves current (ADR 0005, 6): a Texas contact tagged vip, saved in the
  // contacts section, is on 'TX major or VIP' the next time the list is opened, without Refresh.
  test('a smart list follows a new contact with no Refresh', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page);
    const suffix = Date.now() % 100000;
    const rules = [
      { field: 'state', operator: 'equals', value: 'TX' },
      { field: 'isMajorDonor', operator: 'equals', value: true, logic: 'and' },
      { field: 'tags', operator: 'has_tag', value: 'vip', logic: 'or' },
    ];
    const created = await page.request.post('/api/contact-lists', { data: { name: `TX major or VIP ${suffix}`, type: 'smart', rules } });
    expect(created.status()).toBe(201);
    const list = (await created.json()).data.list;
    const before = list.memberCount;
    const label = (n) => `${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'}`;

    await page.goto(`/dashboard/lists/${list.id}`);
    await page.getByRole('heading', { level: 1, name: list.name }).waitFor();
    await page.getByText(label(before), { exact: true }).waitFor();

    // A new contact through the contacts section's form.
    await page.goto('/dashboard/contacts');
    await page
      .getByText(/Add Contact/)
      .first()
      .click();
    await page.getByLabel('First name').fill('Tex');
    await page.getByLabel('Last name').fill(`Vip${suffix}`);
    await page.getByRole('tab', { name: 'Notes & Tags' }).click();
    await page.getByLabel('New tag').fill('vip');
    await page.getByLabel('New tag').press('Enter');
    await page.getByRole('list', { name: 'Tags' }).getByText('vip').waitFor();
    await page.getByRole('tab', { name: 'Addresses' }).click();
    await page.getByRole('button', { name: '+ Add Address' }).click();
    await page.getByRole('textbox', { name: 'Street address 1' }).fill('1 Congress Ave');
    await page.getByRole('textbox', { name: 'City' }).fill('Austin');
    await page.getByRole('textbox', { name: 'State/Province' }).fill('TX');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('78701');
    await page.getByRole('button', { name: 'Create Contact' }).click();
    await page.getByRole('heading', { name: `Tex Vip${suffix}` }).waitFor({ timeout: 15_000 });

    await page.goto(`/dashboard/lists/${list.id}`);
    await page.getByText(label(before + 1), { exact: true }).waitFor();
    await page.getByText(`Vip${suffix}`).first().waitFor();
    await screenshot(page, 'lists-smart-live');

    const contact = (await (await page.request.get(`/api/contacts?search=Vip${suffix}`)).json()).data.contacts[0];
    expect((await page.request.delete(`/api/contacts/${contact.id}`, { headers: { 'X-Requested-With': 'fetch' } })).status()).toBe(200);
    expect((await page.request.delete(`/api/contact-lists/${list.id}`, { headers: { 'X-Requested-With': 'fetch' } })).status()).toBe(200);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
