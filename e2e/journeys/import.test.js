// Journey (docs/product/imports.md): a CSV and an XLSX go through the four-step wizard — upload, auto-mapping,
// a cell fixed in review — and are imported; history shows them complete, the skipped-rows report
// downloads (every skipped row, the review's and the server's), a skipped row is fixed in place and
// imported into the same import, and the first import is undone as a job with its progress.
// Then the seams a newcomer hit: a new account's first (draft) campaign takes an import, FEC column
// names map themselves, plausibility warnings wait for a confirmation, and files that are not what
// their names say are refused.
const fs = require('node:fs');
const XLSX = require('xlsx');
const { seedOwner } = require('../support/accounts');
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
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
    // Row 4 repeats row 1 of the file: a possible duplicate, skipped unless the user includes it.
    await page.getByLabel('Row 4: include').check();
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await page.getByText('Import Started Successfully!').waitFor();
    await page.getByText('Records to process: 3').waitFor();
    // The row still wrong in review is kept with the import, to fix later.
    await page.getByText('1 row with validation errors skipped in review: kept with the import, to fix from Import History.').waitFor();

    // History: the import completes; the report lists both skipped rows (the review's and the server's) with their reasons.
    await page.getByRole('tab', { name: 'Import History' }).click();
    let card = page.getByRole('article', { name: csvName });
    await card.getByText('Completed').waitFor({ timeout: 20_000 });
    await card.getByText('2 imported').waitFor();
    await card.getByText('2 skipped', { exact: true }).waitFor();
    await screenshot(page, 'import-1440-history');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download report' }).click()]);
    const report = fs.readFileSync(await download.path(), 'utf8');
    expect(report).toContain('Row,Donor First Name');
    expect(report).toContain(`3,"O'Brien, Jr.",Pat,pat.${run}@example.org,10001,ten,3/21/26,AB${run}-3,Invalid amount format`);
    expect(report).toContain(
      `4,Ada,Lovelace,ada.${run}@example.org,02134,"$1,250.00",03/15/2026,AB${run}-1,"Transaction ID ""AB${run}-1"" already exists in this account"`,
    );

    // The count survives a reload (the server keeps the review's skipped rows too).
    await page.reload();
    await page.getByRole('tab', { name: 'Import History' }).click();
    card = page.getByRole('article', { name: csvName });
    await card.getByText('2 skipped', { exact: true }).waitFor({ timeout: 15_000 });

    // Fix the skipped row in place: its amount, then import it into the same import.
    await card.getByRole('button', { name: 'Fix skipped rows' }).click();
    const fix = page.getByRole('dialog', { name: `Fix skipped rows of ${csvName}` });
    const skippedTable = fix.getByRole('region', { name: 'Skipped rows' });
    await skippedTable.getByText('Invalid amount format').waitFor();
    await checkA11y(page, 'fix skipped rows (1440)');
    await screenshot(page, 'import-1440-fix-skipped');
    await skippedTable.getByLabel('Amount, row 3', { exact: true }).fill('10');
    await skippedTable.getByText('Ready to import').waitFor();
    await fix.getByRole('button', { name: 'Import 1 fixed row' }).click();
    await page.getByText('Fixed rows sent').waitFor();
    await card.getByText('3 imported').waitFor({ timeout: 20_000 });
    await card.getByText('1 skipped', { exact: true }).waitFor();

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
    await upload(page, {
      name: xlsxName,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }),
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Map Columns' }).waitFor();
    await page.getByText('2026-02-03').first().waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await page.getByText('Import Started Successfully!').waitFor();
    await page.getByRole('tab', { name: 'Import History' }).click();
    await page.getByRole('article', { name: xlsxName }).getByText('Completed').waitFor({ timeout: 20_000 });

    // Undo the CSV import, with confirmation: a job whose progress the card shows (the history polls it).
    await card.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Undo import' }).click();
    await page.getByText('Undo started').waitFor();
    await card.getByText('Undone', { exact: true }).waitFor({ timeout: 20_000 });
    await card.getByText(/Undone: removed 3 donations/).waitFor();
    await checkA11y(page, 'import history after undo (1440)');

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

  test("a new account's first campaign (a draft) takes its first import: FEC columns map themselves, warnings wait for a confirmation", async () => {
    const user = await seedOwner({ prefix: 'first-import', accountName: 'First Import Committee', firstName: 'Fiona', lastName: 'First' });
    const { context, page, problems } = await openPage(browser, baseURL, { viewport: { width: 1440, height: 900 } });
    await logIn(page, user);
    const run = Date.now() % 1_000_000;

    // No campaign yet: the step says so and links to creating one.
    await page.goto('/dashboard/data');
    await page.getByRole('heading', { name: 'Select Campaign' }).waitFor();
    await page.getByText('No campaigns yet: create one to import into.').waitFor();
    await checkA11y(page, 'import with no campaign');
    await page.getByRole('link', { name: 'Create a campaign' }).click();
    await page.getByRole('heading', { name: 'Create New Campaign' }).waitFor();
    const name = `First Drive ${run}`;
    await page.getByLabel('Campaign Name').fill(name);
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await page.getByRole('heading', { name }).waitFor({ timeout: 15_000 });

    // The draft is offered.
    await page.goto('/dashboard/data');
    const campaign = page.getByLabel('Campaign');
    await campaign.locator('option', { hasText: `${name} (Draft)` }).waitFor({ state: 'attached' });
    await campaign.selectOption({ label: `${name} (Draft)` });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Upload File' }).waitFor();

    // Files that are not what their names say are refused before they are read.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await page.getByLabel('Import file').setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: png });
    await page.getByRole('alert').filter({ hasText: 'Not a CSV file' }).waitFor();
    await page.getByLabel('Import file').setInputFiles({
      name: 'page.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('<html><table><tr><td>Email</td></tr></table></html>'),
    });
    await page.getByRole('alert').filter({ hasText: 'Not an Excel workbook' }).waitFor();
    await page.getByLabel('Import file').setInputFiles({ name: 'headers.csv', mimeType: 'text/csv', buffer: Buffer.from('NAME,TRANSACTION_AMT\n') });
    await page.getByRole('alert').filter({ hasText: 'The file has headers but no data rows' }).waitFor();
    await checkA11y(page, 'import upload refused');

    // An FEC individual-contributions file, as the FEC writes it.
    const fec =
      'CMTE_ID|AMNDT_IND|RPT_TP|TRANSACTION_PGI|IMAGE_NUM|TRANSACTION_TP|ENTITY_TP|NAME|CITY|STATE|ZIP_CODE|EMPLOYER|OCCUPATION|TRANSACTION_DT|TRANSACTION_AMT|OTHER_ID|TRAN_ID|FILE_NUM|MEMO_CD|MEMO_TEXT|SUB_ID\n' +
      `C00123456|N|Q1|P2026|202601019000000001|15|IND|ORTIZ, SR., SOLOMON|AUSTIN|TX|787011234|SELF|ATTORNEY|01152026|1028.65||FEC${run}-1|1||| 4010120261234\n` +
      `C00123456|N|Q1|P2026|202601019000000002|15|IND|SMITH, JANE ANN|DALLAS|TX|752010000|ACME|ENGINEER|12312099|99999999999||FEC${run}-2|1||| 4010120261235\n` +
      // An amount the file left unreadable: skipped in review, fixed later from the history.
      `C00123456|N|Q1|P2026|202601019000000003|15|IND|LEE, KIM|AUSTIN|TX|78702|SELF|TEACHER|01202026|N/A||FEC${run}-3|1||| 4010120261236\n`;
    await page.getByLabel('Import file').setInputFiles({ name: `fec-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(fec) });
    await page.getByRole('status').filter({ hasText: 'rows and' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Map Columns' }).waitFor();
    for (const [header, field] of [
      ['NAME', 'fullName'],
      ['TRANSACTION_AMT', 'amount'],
      ['TRANSACTION_DT', 'donationDate'],
      ['TRAN_ID', 'transactionId'],
      ['ZIP_CODE', 'zipCode'],
      ['EMPLOYER', 'employer'],
      ['OCCUPATION', 'occupation'],
      ['TRANSACTION_PGI', ''],
      ['TRANSACTION_TP', ''],
    ]) {
      expect([header, await page.getByLabel(`Field for ${header}`, { exact: true }).inputValue()]).toEqual([header, field]);
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review & Import Data' }).waitFor();
    // A gift dated 2099 for $99,999,999,999: warnings, not errors; Import waits for the confirmation.
    await page.getByText('1 row has values to check: a date in the future or an amount over $5,000').waitFor();
    await page.getByText('3 rows write names in capitals (as FEC files do). They are imported as typed unless you change them.').waitFor();
    await page.getByText('1 rows have validation errors and will be skipped').waitFor();
    await checkA11y(page, 'import review with warnings (1440)');
    await screenshot(page, 'import-1440-fec-review');
    expect(await page.getByRole('button', { name: 'Import 2 rows' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Use title case for names' }).click();
    await page.getByRole('button', { name: 'Edit Full Name, row 1: Ortiz, Sr., Solomon' }).waitFor();

    // The same review at phone width, with axe.
    await page.setViewportSize({ width: 390, height: 844 });
    await checkA11y(page, 'import review with warnings (390)');
    await screenshot(page, 'import-390-fec-review');
    await page.getByLabel('I checked these rows: import them as they are').check();
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.getByText('Import Started Successfully!').waitFor();
    await page.getByRole('tab', { name: 'Import History' }).click();
    const card = page.getByRole('article', { name: `fec-${run}.csv` });
    await card.getByText('Completed').waitFor({ timeout: 20_000 });
    await card.getByText('2 imported').waitFor();
    await card.getByText('1 skipped', { exact: true }).waitFor();
    await checkA11y(page, 'import history (390)');
    await screenshot(page, 'import-390-fec-history');

    // The skipped row, fixed in place at phone width and imported into the same import.
    await card.getByRole('button', { name: 'Fix skipped rows' }).click();
    const fix = page.getByRole('dialog', { name: `Fix skipped rows of fec-${run}.csv` });
    const skippedTable = fix.getByRole('region', { name: 'Skipped rows' });
    await skippedTable.getByText('Invalid amount format').waitFor();
    await checkA11y(page, 'fix skipped rows (390)');
    await screenshot(page, 'import-390-fix-skipped');
    await skippedTable.getByLabel('Amount, row 3', { exact: true }).fill('25');
    await fix.getByRole('button', { name: 'Import 1 fixed row' }).click();
    await page.getByText('Fixed rows sent').waitFor();
    await card.getByText('3 imported').waitFor({ timeout: 20_000 });
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
