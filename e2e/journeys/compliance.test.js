// Journey (docs/product/compliance.md, Journey): a treasurer gives the campaign's committee its FEC
// id and elections in the campaign form, enters a gift that takes a contributor past the
// per-election limit (the donation modal warns and still saves it), redesignates the excess in the
// Data section's Compliance tab, and downloads Schedule A as .fec and CSV.
const fs = require('node:fs');
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { logIn } = require('../support/auth');
const { workspaceToday } = require('../support/dates');

const baseURL = process.env.E2E_BASE_URL;

async function dataOf(response) {
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

describe('compliance', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('committee with FEC id and elections, an over-limit gift warned and saved, redesignated, Schedule A downloaded', async () => {
    const { context, page, problems } = await openPage(browser, baseURL, { acceptDownloads: true });
    await logIn(page);
    const run = Date.now() % 100000;
    const campaignName = `Ledger House Race ${run}`;
    const committeeName = `Friends of Ledger ${run}`;
    const fecId = `C${String(run).padStart(8, '0')}`;
    // Elections after today, whatever day the journey runs: the next even year's primary and general.
    const today = await workspaceToday(page);
    const year = Number(today.slice(0, 4)) + (Number(today.slice(0, 4)) % 2 === 0 ? 2 : 1);
    const primary = { code: `P${year}`, date: `${year}-03-03` };
    const general = { code: `G${year}`, date: `${year}-11-03` };

    // The campaign form's Committees & Accounts tab creates the committee.
    await page.goto('/dashboard/campaigns/new');
    await page.getByRole('heading', { name: 'Create New Campaign' }).waitFor();
    await page.getByLabel('Campaign Name').fill(campaignName);
    await page.getByRole('tab', { name: 'Committees & Accounts' }).click();
    await page.getByRole('button', { name: 'New committee' }).click();
    const committeeDialog = page.getByRole('dialog', { name: 'New committee' });
    await committeeDialog.getByLabel('Committee name').fill(committeeName);
    await committeeDialog.getByLabel('FEC committee ID').fill('C123');
    await committeeDialog.getByLabel('Filing form').selectOption('F3');
    await committeeDialog.getByLabel('Treasurer first name').fill('Robin');
    await committeeDialog.getByLabel('Treasurer last name').fill('Ledger');
    await committeeDialog.getByLabel('Street', { exact: true }).fill('1 Main St');
    await committeeDialog.getByLabel('City').fill('Richmond');
    await committeeDialog.getByLabel('State').fill('VA');
    await committeeDialog.getByLabel('ZIP code').fill('23219');
    await committeeDialog.getByRole('button', { name: 'Add election' }).click();
    await committeeDialog.getByRole('button', { name: 'Add election' }).click();
    const first = committeeDialog.getByRole('group', { name: 'Election 1' });
    const second = committeeDialog.getByRole('group', { name: 'Election 2' });
    await first.getByLabel('Election code').fill(primary.code);
    // A date outside the code's year: the contract's message, on the field.
    await first.getByLabel('Election date').fill(`${year - 1}-03-03`);
    await second.getByLabel('Election code').fill(general.code);
    await second.getByLabel('Election date').fill(general.date);
    await committeeDialog.getByRole('button', { name: 'Create committee' }).click();
    await committeeDialog.getByText('FEC committee ID must be C followed by 8 digits (e.g. C00123456)').waitFor();
    await committeeDialog.getByText('Election date must fall in the year of its code (P2026 -> a day in 2026)').waitFor();
    await checkA11y(page, 'committee dialog with errors');
    await committeeDialog.getByLabel('FEC committee ID').fill(fecId);
    await first.getByLabel('Election date').fill(primary.date);
    await screenshot(page, 'committee-dialog');
    await committeeDialog.getByRole('button', { name: 'Create committee' }).click();
    await committeeDialog.waitFor({ state: 'detached' });
    const committeeSelect = page.getByLabel('Committee', { exact: true });
    await expect(committeeSelect.locator('option:checked').textContent()).resolves.toContain(committeeName);
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await page.getByRole('heading', { name: campaignName }).waitFor({ timeout: 15_000 });

    const { campaigns } = await dataOf(await page.request.get('/api/campaigns'));
    const campaign = campaigns.find((c) => c.name === campaignName);
    expect(campaign.committeeId).toBeTruthy();
    const { committee } = await dataOf(await page.request.get(`/api/committees/${campaign.committeeId}`));
    expect(committee).toMatchObject({ fecId, filingForm: 'F3', elections: [primary, general] });

    // A contributor who has already given $3,000 for the primary.
    const lastName = `Ledger${run}`;
    const { contact } = await dataOf(
      await page.request.post('/api/contacts', {
        data: { firstName: 'Quinn', lastName, addressLine1: '9 Oak Ave', city: 'Richmond', state: 'VA', zipCode: '23220' },
      }),
    );
    const { donation: earlier } = await dataOf(
      await page.request.post(`/api/contacts/${contact.id}/donations`, {
        data: { donationAmount: 3000, campaignId: campaign.id, donationDate: today, paymentMethod: 'check', status: 'completed' },
      }),
    );
    expect(earlier.electionCode).toBe(primary.code);

    // The donation modal: designated to the primary, the aggregate shown, the excess warned about.
    await page.goto(`/dashboard/contacts/${contact.id}/edit`);
    await page.getByRole('tab', { name: 'Financials' }).click();
    await page.getByRole('tab', { name: /^Donations/ }).click();
    await page.getByRole('button', { name: 'Add Donation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Donation' });
    await dialog.getByLabel('Donation Amount').fill('1000');
    await dialog.getByLabel('Campaign').selectOption({ label: campaignName });
    const election = dialog.getByLabel('Election Designation');
    await election.waitFor();
    await expect(election.inputValue()).resolves.toBe(primary.code);
    const limit = dialog.getByRole('status', { name: 'Contribution limit' });
    await limit.getByText(`Contributor's aggregate for ${primary.code}: $3,000.00 of the $3,500.00 limit, $4,000.00 with this gift.`).waitFor();
    await limit.getByText(`this gift exceeds the contributor's $3,500.00 limit for ${primary.code} by $500.00`).waitFor();
    // The form asks before the gift takes the contributor past the limit; saved once confirmed.
    await dialog.getByText(`Donation amount takes the contributor's aggregate for ${primary.code} to $4,000.00, past the $3,500.00 limit by $500.00`).waitFor();
    await screenshot(page, 'donation-over-limit');
    await dialog.getByRole('checkbox', { name: 'This value is right' }).check();
    await dialog.getByRole('button', { name: 'Create Donation' }).click();
    await page.getByText('Donation created successfully').waitFor();

    // The Compliance tab: the excess waits in the queue, and is moved to the general election.
    await page.goto('/dashboard/data');
    await page.getByRole('tab', { name: 'Compliance' }).click();
    await page.getByLabel('Committee', { exact: true }).selectOption({ label: `${committeeName} (${fecId})` });
    const contributor = `Quinn ${lastName}`;
    const row = page.getByRole('row', { name: new RegExp(contributor) });
    await row.waitFor({ timeout: 15_000 });
    await expect(row.textContent()).resolves.toContain('$500.00');
    await screenshot(page, 'compliance-queue');
    await row.getByRole('button', { name: `Redesignate ${contributor}'s excess` }).click();
    const remedy = page.getByRole('dialog', { name: 'Redesignate the excess' });
    await remedy.getByLabel('Move the excess to').selectOption(general.code);
    await checkA11y(page, 'redesignate dialog');
    await remedy.getByRole('button', { name: 'Redesignate $500.00' }).click();
    await remedy.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    const limits = await dataOf(await page.request.get(`/api/compliance/limits?contactId=${contact.id}&committeeId=${committee.id}`));
    expect(limits.elections).toEqual([
      expect.objectContaining({ electionCode: primary.code, aggregate: 3500, remaining: 0 }),
      expect.objectContaining({ electionCode: general.code, aggregate: 500, remaining: 3000 }),
    ]);

    // Schedule A from the same tab, as the filing software and as a spreadsheet.
    const [fecDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download .fec' }).click()]);
    expect(fecDownload.suggestedFilename()).toMatch(/\.fec$/);
    const fec = fs.readFileSync(await fecDownload.path(), 'latin1');
    expect(fec.startsWith('HDR\x1cFEC\x1c8.3\x1c')).toBe(true);
    const records = fec.split('\r\n');
    expect(records[1].startsWith(`F3N\x1c${fecId}\x1c`)).toBe(true);
    expect(records.filter((r) => r.startsWith(`SA11AI\x1c${fecId}\x1c`)).length).toBeGreaterThanOrEqual(2);
    expect(/^[\x20-\x7e\x1c\r\n]*$/.test(fec)).toBe(true);

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/\.csv$/);
    const lines = fs.readFileSync(await csvDownload.path(), 'utf8').split('\r\n');
    expect(lines[0].startsWith('form_type,filer_committee_id_number,')).toBe(true);
    const receipts = lines.filter((line) => line.includes(lastName));
    expect(receipts.length).toBeGreaterThanOrEqual(2);
    expect(receipts.some((line) => line.includes(general.code) && line.includes('REDESIGNATED'))).toBe(true);

    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
