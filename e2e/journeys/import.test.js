// Journey (issue 12): a CSV and an XLSX go through the four-step wizard — upload, auto-mapping,
// a cell fixed in review — and are imported; history shows them complete, the skipped-rows report
// downloads, and the first import is undone.
const fs = require('node:fs');
const XLSX = require('xlsx');
const { launchBrowser, openPage, screenshot } = require('../support/browser');
const { logIn } = require('../support/auth');

const baseURL = process.env.E2E_BASE_URL;

async function chooseCampaign(page) {
  await page.goto('/dashboard/data');
  await page.getByRole('heading', { name: 'Select Campaign' }).waitFor();
  const campaign = page.getByLabel('Campaign');
  const first = await campaign.locator('option').nth(1).getAttribute('value');
  await campaign.selectOption(first);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Upload File' }).waitFor();
}

async function upload(page, file) {
  await page.getByLabel('Import file').setInputFiles(file);
  await page.getByRole('status').filter({ hasText: 'rows and' }).waitFor({ timeout: 20_000 });
}

describe('data import', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('CSV and XLSX: upload, map, fix a cell, import, history, report, undo', async () => {
    const { context, page, problems } = await openPage(browser, baseURL, { viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await logIn(page);
    const run = Date.now() % 1_000_000;
    const csvName = `actblue-${run}.csv`;

    // 1-2: campaign, then a CSV as ActBlue exports it (BOM, "$1,250.00", a quoted comma).
    await chooseCampaign(page);
    await screenshot(page, 'import-1440-upload');
    const csv =
      '\uFEFFDonor First Name,Donor Last Name,Donor Email,Donor ZIP,Amount,Date,Receipt ID\n' +
      `Ada,Lovelace,ada.${run}@example.org,02134,"$1,250.00",03/15/2026,AB${run}-1\n` +
      `Grace,Hopper,grace.${run}@example,02139,50,2026-03-20,AB${run}-2\n` +
      `"O'Brien, Jr.",Pat,pat.${run}@example.org,10001,ten,3/21/26,AB${run}-3\n` +
      // The same gift twice: only the server can tell (the account's transaction ids), so it skips it.
      `Ada,Lovelace,ada.${run}@example.org,02134,"$1,250.00",03/15/2026,AB${run}-1\n`;
    await upload(page, { name: csvName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Next' }).click();

    // 3: every column auto-mapped with a confidence mark.
    await page.getByRole('heading', { name: 'Map Columns' }).waitFor();
    expect(await page.getByLabel('Field for Donor Email').inputValue()).toBe('email');
    expect(await page.getByLabel('Field for Receipt ID').inputValue()).toBe('transactionId');
    expect(await page.getByText('Exact match').count()).toBe(7);
    await screenshot(page, 'import-1440-mapping');
    await page.getByRole('button', { name: 'Next' }).click();

    // 4: two rows with errors; fixing the email re-checks its row at once.
    await page.getByRole('heading', { name: 'Review & Import Data' }).waitFor();
    await page.getByText('2 rows have validation errors and will be skipped').waitFor();
    await screenshot(page, 'import-1440-review');
    await page.getByRole('button', { name: /^Edit Email, row 2/ }).click();
    await page.getByLabel('Email, row 2', { exact: true }).fill(`grace.${run}@example.org`);
    await page.getByLabel('Email, row 2', { exact: true }).press('Enter');
    await page.getByText('1 rows have validation errors and will be skipped').waitFor();
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await page.getByText('Import Started Successfully!').waitFor();
    await page.getByText('Records to process: 3').waitFor();
    // The row still wrong in review was never sent: the notice and the history card say so.
    await page.getByText('1 row with validation errors skipped in review (not sent).').waitFor();

    // History: the import completes; the report lists the skipped row with its reason.
    await page.getByRole('tab', { name: 'Import History' }).click();
    const card = page.getByRole('article', { name: csvName });
    await card.getByText('Completed').waitFor({ timeout: 20_000 });
    await card.getByText('2 imported').waitFor();
    await card.getByText('1 skipped', { exact: true }).waitFor();
    await card.getByText('1 skipped in review (not sent)').waitFor();
    await screenshot(page, 'import-1440-history');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download report' }).click()]);
    const report = fs.readFileSync(await download.path(), 'utf8');
    expect(report).toContain('Row,Donor First Name');
    expect(report).toContain(`4,Ada,Lovelace,ada.${run}@example.org,02134,"$1,250.00",03/15/2026,AB${run}-1,"Transaction ID ""AB${run}-1"" already exists in this account"`);

    // An XLSX with a date cell and a ZIP stored as a number.
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet(
        [
          ['First Name', 'Last Name', 'Email', 'Zip', 'Gift Date', 'Amount'],
          ['Katherine', 'Johnson', `kj.${run}@example.org`, 2134, new Date(2026, 1, 3), 75],
        ],
        { cellDates: true },
      ),
      'Gifts',
    );
    const xlsxName = `spreadsheet-${run}.xlsx`;
    await page.getByRole('tab', { name: 'Data Import' }).click();
    await chooseCampaign(page);
    await upload(page, { name: xlsxName, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Map Columns' }).waitFor();
    await page.getByText('2026-02-03').first().waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await page.getByText('Import Started Successfully!').waitFor();
    await page.getByRole('tab', { name: 'Import History' }).click();
    await page.getByRole('article', { name: xlsxName }).getByText('Completed').waitFor({ timeout: 20_000 });

    // Undo the CSV import, with confirmation.
    await card.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Undo import' }).click();
    await page.getByText('Import undone').waitFor();
    await card.getByText('Undone').waitFor();

    // The same screens at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'import-390-history');
    await page.getByRole('tab', { name: 'Data Import' }).click();
    await page.getByRole('heading', { name: 'Select Campaign' }).waitFor();
    // The current step's label is shown whole beside the numbers; the other labels are only hidden
    // from sight, so the steps list still reads every step.
    const steps = page.getByRole('list', { name: 'Import steps' });
    const current = steps.locator('[aria-current="step"]').getByText('Select Campaign');
    expect(await current.evaluate((label) => label.scrollWidth <= label.clientWidth && label.getBoundingClientRect().height < 30)).toBe(true);
    expect(await steps.innerText()).toMatch(/Select Campaign[^]*Upload File[^]*Map Columns[^]*Review & Import/);
    await screenshot(page, 'import-390-campaign');
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
