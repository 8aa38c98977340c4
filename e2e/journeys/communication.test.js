// Journey: thank a batch of gifts (one email, one printed letter), write templates, email a smart list,
// unsubscribe from the email that arrived (read from the outbox), and see all of it on the contact.
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { logIn } = require('../support/auth');
const { latestEmailTo } = require('../support/outbox');
const { workspaceToday } = require('../support/dates');

const baseURL = process.env.E2E_BASE_URL;

async function dataOf(response) {
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

async function waitForEmail(address, kind) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const email = latestEmailTo(address, kind);
    if (email) return email;
    if (Date.now() > deadline) throw new Error(`no ${kind} email to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function bothWidths(page, name) {
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `${name}-1440`);
}

describe('communication', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('thank a batch, write templates, email a smart list, unsubscribe, see it on the contact', async () => {
    const { context, page, problems } = await openPage(browser, baseURL, { viewport: { width: 1440, height: 900 } });
    await logIn(page);
    const run = Date.now() % 100000;

    // Every email to a list carries the organisation's postal address: set it first.
    await page.goto('/dashboard/settings/organization');
    await page.getByLabel('Street').waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Street').fill('1 Elm Street');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('State').fill('IL');
    await page.getByLabel('ZIP').fill('62701');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings/organization') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect((await saved).ok()).toBe(true);

    // Two donors of the same amount: one with an email address, one without (a letter).
    const amount = 612.34;
    const { campaigns } = await dataOf(await page.request.get('/api/campaigns'));
    const today = await workspaceToday(page);
    const moeEmail = `moe${run}@example.org`;
    const { contact: moe } = await dataOf(
      await page.request.post('/api/contacts', { data: { firstName: 'Moe', lastName: `Mailer${run}`, primaryEmail: moeEmail } }),
    );
    const { contact: lee } = await dataOf(
      await page.request.post('/api/contacts', {
        data: { firstName: 'Lee', lastName: `Letter${run}`, addressLine1: '9 Oak Lane', city: 'Peoria', state: 'IL', zipCode: '61602' },
      }),
    );
    for (const contact of [moe, lee]) {
      await dataOf(
        await page.request.post(`/api/contacts/${contact.id}/donations`, {
          data: { donationAmount: amount, campaignId: campaigns[0].id, donationDate: today, paymentMethod: 'check', status: 'completed' },
        }),
      );
    }

    // A thank-you template: an unknown merge field is refused, named under the field.
    await page.goto('/dashboard/communication/templates');
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByLabel('Template name').fill(`Thanks ${run}`);
    await page.getByLabel('Message').fill('Dear {{fristName}}, thank you.');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText(/Message names an unknown merge field \{\{fristName\}\}/).waitFor();
    await checkA11y(page, 'template with an unknown merge field');
    await page.getByLabel('Message').fill('Dear {{firstName}},\n\nThank you for your gift of {{giftAmount}} on {{giftDate}}.\n\n{{organizationName}}');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved').waitFor();
    // The preview merges a real contact.
    await page.getByLabel('Find a contact').fill(`Mailer${run}`);
    const contactSelect = page.getByLabel('Contact', { exact: true });
    await contactSelect.locator('option', { hasText: `Moe Mailer${run}` }).waitFor({ state: 'attached' });
    await contactSelect.selectOption({ label: `Moe Mailer${run} <${moeEmail}>` });
    await page.getByText('Thank you for your gift of $612.34').waitFor();
    await bothWidths(page, 'communication-template');

    await page.getByRole('button', { name: 'Back to templates' }).click();
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByLabel('Template name').fill(`Park news ${run}`);
    await page.getByLabel('Purpose').selectOption('list');
    await page.getByLabel('Subject').fill(`Park news ${run}`);
    await page.getByLabel('Message').fill('Hello {{firstName}}, the park opens on Saturday.');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved').waitFor();

    // The queue: filtered to the two gifts, thanked in one batch.
    await page.goto('/dashboard/communication');
    await page.getByLabel('Smallest gift').fill(String(amount));
    await page.getByLabel('Largest gift').fill(String(amount));
    await page.getByText('2 gifts waiting for thanks').waitFor();
    await page.getByLabel('Select all on this page').check();
    await page.getByLabel('Template', { exact: true }).selectOption({ label: `Thanks ${run}` });
    await bothWidths(page, 'communication-queue');
    await page.getByRole('button', { name: 'Thank 2 selected' }).click();
    await page.getByText('1 email on the way, 1 letter to print.').waitFor();
    const pdfHref = await page.getByRole('link', { name: 'Open the letters (PDF)' }).getAttribute('href');
    const pdf = await page.request.get(pdfHref);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const thanks = await waitForEmail(moeEmail, 'acknowledgment');
    expect(thanks.subject).toBe('Thank you, {{firstName}}'.replace('{{firstName}}', 'Moe'));
    expect(thanks.text).toContain('Thank you for your gift of $612.34');
    await screenshot(page, 'communication-thanked');

    // Email the smart list "Donors Over $500": Moe's gift put him on it.
    await page.goto('/dashboard/communication/lists');
    await page.getByLabel('Contact list').selectOption({ label: 'Donors Over $500 (smart)' });
    await page.getByRole('status', { name: 'Who receives it' }).waitFor();
    await page.getByLabel('Template', { exact: true }).selectOption({ label: `Park news ${run}` });
    await bothWidths(page, 'communication-compose');
    await page.getByRole('button', { name: 'Send now' }).click();
    const news = await waitForEmail(moeEmail, 'list_email');
    expect(news.subject).toBe(`Park news ${run}`);
    expect(news.text).toContain('Hello Moe, the park opens on Saturday.');
    expect(news.text).toContain('1 Elm Street, Springfield, IL 62701');
    const link = /(https?:\/\/\S+\/api\/unsubscribe\/[A-Za-z0-9_-]+)/.exec(news.text)[1];
    await page
      .getByRole('link', { name: `Park news ${run}` })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Recipients' }).waitFor();
    await bothWidths(page, 'communication-send');

    // The unsubscribe link from the email, as the reader opens it.
    await page.goto(link);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await checkA11y(page, 'unsubscribed');

    // The contact shows the thank-you, the list email, and the unsubscribe.
    await page.goto(`/dashboard/contacts/${moe.id}`);
    const card = page.getByRole('heading', { name: 'Messages and thank-yous' });
    await card.waitFor();
    // The contact's status badge (the History below also names the unsubscribe).
    await page.locator('span', { hasText: /^Unsubscribed$/ }).waitFor();
    await page.getByText(`Park news ${run}`).first().waitFor();
    await page.getByText(/Thanked by email on/).waitFor();
    await bothWidths(page, 'communication-contact');

    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
