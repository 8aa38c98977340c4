// Journey: a fundraiser creates a contact through several tabs, edits it, finds it from the top bar,
// opens it from its deep link, records a pledge and the donation that fulfils it, and handles files.
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { logIn } = require('../support/auth');

const baseURL = process.env.E2E_BASE_URL;

// A 1x1 PNG and a one-page PDF, made here so the server's byte sniffing sees real files.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('contacts', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('create through several tabs, edit, top-bar search, deep link, pledge + fulfilling donation, files', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page);
    const lastName = `Okafor${Date.now() % 100000}`;

    await page.goto('/dashboard/contacts');
    await page
      .getByText(/Add Contact/)
      .first()
      .click();
    await page.getByRole('button', { name: 'Create Contact' }).click();
    await page.getByText('Please provide at least a name, organization, or email address').waitFor();
    await checkA11y(page, 'contact form with errors');

    await page.getByLabel('First name').fill('Amara');
    await page.getByLabel('Last name').fill(lastName);
    await page.getByLabel('Organization', { exact: true }).fill('Riverside Food Bank');
    await page.getByRole('tab', { name: 'Contact Details' }).click();
    await page.getByRole('button', { name: '+ Add Phone' }).click();
    await page.getByRole('textbox', { name: 'Phone number' }).fill('(555) 010-4477');
    await page.getByRole('button', { name: '+ Add Email' }).click();
    await page.getByRole('textbox', { name: 'Email address' }).fill(`amara.${lastName.toLowerCase()}@riverside.example`);
    await page.getByRole('tab', { name: 'Addresses' }).click();
    await page.getByRole('button', { name: '+ Add Address' }).click();
    await page.getByRole('textbox', { name: 'Street address 1' }).fill('12 Mill Street');
    await page.getByRole('textbox', { name: 'City' }).fill('Dayton');
    await page.getByRole('textbox', { name: 'State/Province' }).fill('OH');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('45402');
    await page.getByRole('tab', { name: 'Related Contacts' }).click();
    await page.getByRole('button', { name: '+ Add Related Contact' }).click();
    const related = page.getByLabel('Contact', { exact: true });
    await related.locator('option').nth(1).waitFor({ state: 'attached' });
    await related.selectOption({ index: 1 });
    await page.getByLabel('Relationship', { exact: true }).selectOption('colleague');
    await page.getByRole('button', { name: 'Create Contact' }).click();

    await page.getByRole('heading', { name: `Amara ${lastName}` }).waitFor({ timeout: 15_000 });
    const id = page.url().split('/').pop();
    await page.getByText('12 Mill Street').first().waitFor();

    // Edit it.
    await page
      .getByRole('link', { name: 'Edit Contact' })
      .or(page.getByRole('button', { name: 'Edit Contact' }))
      .first()
      .click();
    await page.getByLabel('Organization', { exact: true }).fill('Riverside Food Bank Coalition');
    await page.getByRole('button', { name: 'Update Contact' }).click();
    await page
      .getByText(/Riverside Food Bank Coalition/)
      .first()
      .waitFor({ timeout: 15_000 });

    // The top bar's search finds it (by a fragment of its email) and opens it from the results.
    await page.getByRole('search').getByRole('combobox', { name: 'Search' }).fill(`amara.${lastName.toLowerCase()}@`);
    await page.getByRole('search').getByRole('combobox', { name: 'Search' }).press('Enter');
    await page.waitForURL('**/dashboard/contacts?search=*');
    await page.getByText('1 contact', { exact: true }).waitFor();
    await page
      .getByRole('link', { name: `Amara ${lastName}`, exact: true })
      .first()
      .click();
    await page.waitForURL(`**/dashboard/contacts/${id}`);

    // The deep link opens the same detail.
    await page.goto(`/dashboard?section=contacts&contact=${id}&view=detail`);
    await page.waitForURL(`**/dashboard/contacts/${id}`);
    await page.getByRole('heading', { name: `Amara ${lastName}` }).waitFor();
    await checkA11y(page, 'contact detail');

    // A pledge, then the donation that fulfils it; the campaign total moves with it.
    const campaignsBefore = await page.evaluate(async () => (await (await fetch('/api/campaigns')).json()).data.campaigns);
    await page.goto(`/dashboard/contacts/${id}/edit`);
    await page.getByRole('tab', { name: 'Financials' }).click();
    await page.getByRole('tab', { name: /^Pledges/ }).click();
    await page.getByRole('button', { name: 'Add Pledge' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Pledge Amount').fill('250');
    await dialog.getByLabel('Campaign').selectOption(campaignsBefore[0].id);
    await dialog
      .getByRole('button', { name: /save|create|add/i })
      .last()
      .click();
    await page.getByText('Pledge created successfully').waitFor();

    await page.getByRole('tab', { name: /^Donations/ }).click();
    await page.getByRole('button', { name: 'Add Donation' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Donation Amount').fill('250');
    await dialog.getByLabel('Campaign').selectOption(campaignsBefore[0].id);
    await dialog.getByLabel('Link to Pledge').selectOption({ index: 1 });
    await dialog
      .getByRole('button', { name: /save|create|add/i })
      .last()
      .click();
    await page.getByText('Donation created successfully').waitFor();
    await page.getByRole('tab', { name: 'Summary' }).click();
    await page.getByText('$250').first().waitFor();
    await screenshot(page, 'contact-financials');

    const campaignsAfter = await page.evaluate(async () => (await (await fetch('/api/campaigns')).json()).data.campaigns);
    const before = campaignsBefore[0];
    const after = campaignsAfter.find((campaign) => campaign.id === before.id);
    expect(after.amountRaised).toBeCloseTo(before.amountRaised + 250, 2);
    const pledges = await page.evaluate(async (contactId) => (await (await fetch(`/api/contacts/${contactId}/pledges`)).json()).data.pledges, id);
    expect(pledges[0].status).toBe('fulfilled');

    // Files: a profile image and a document; download the document; remove both.
    await page.getByRole('tab', { name: 'Basic Info' }).click();
    await page.getByLabel('Profile image file').setInputFiles({ name: 'amara.png', mimeType: 'image/png', buffer: PNG });
    await page
      .getByRole('img', { name: new RegExp(`Amara ${lastName}`) })
      .first()
      .waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByLabel('Document file').setInputFiles({ name: 'pledge-card.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('pledge-card.pdf').first().waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /download/i })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('pledge-card.pdf');
    await page
      .getByRole('button', { name: /remove/i })
      .last()
      .click();
    await page.getByText('Are you sure you want to remove this document?').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /remove/i })
      .last()
      .click();
    await page.getByRole('cell', { name: 'pledge-card.pdf', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Basic Info' }).click();
    await page.getByRole('button', { name: 'Remove Photo' }).click();
    await page.getByRole('button', { name: 'Remove Photo' }).waitFor({ state: 'detached' });

    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
