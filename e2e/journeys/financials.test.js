// Journey: a treasurer records the committee's disbursements and voids one, reconciles a month
// against the bank statement, creates the year-end report, fixes what the pre-filing check lists
// (a contributor without a street address, the date signed), downloads the .fec, marks the report
// filed and amends it. Screenshots at 1440 and 390 px; axe runs on every screenshot.
const fs = require('node:fs');
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { logIn } = require('../support/auth');
const { workspaceToday } = require('../support/dates');

const baseURL = process.env.E2E_BASE_URL;

async function dataOf(response) {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()).data;
}

async function bothWidths(page, name) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('financials', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('disbursements, a void, a reconciled month, the year-end report checked, fixed, downloaded, filed and amended', async () => {
    const { context, page, problems } = await openPage(browser, baseURL, { viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await logIn(page);
    const run = Date.now() % 100000;
    const today = await workspaceToday(page);
    const year = Number(today.slice(0, 4));
    const month = today.slice(0, 7);
    const fecId = `C${String(run).padStart(8, '0')}`;
    const committeeName = `Treasurer Test ${run}`;

    // The committee, its campaign and two receipts (one from a contributor without a street address).
    const { committee } = await dataOf(
      await page.request.post('/api/committees', {
        data: {
          name: committeeName,
          fecId,
          filingForm: 'F3',
          treasurerFirstName: 'Robin',
          treasurerLastName: 'Ledger',
          street1: '1 Main St',
          city: 'Richmond',
          state: 'VA',
          zip: '23219',
          elections: [{ code: `G${year + (year % 2)}`, date: `${year + (year % 2)}-11-03` }].filter((e) => e.date > today),
        },
      }),
    );
    const { campaign } = await dataOf(
      await page.request.post('/api/campaigns', {
        data: { name: `Treasurer Race ${run}`, slug: `treasurer-race-${run}`, campaignType: 'fundraising', committeeId: committee.id },
      }),
    );
    const { contact: noStreet } = await dataOf(
      await page.request.post('/api/contacts', {
        data: { firstName: 'Nia', lastName: `Nostreet${run}`, city: 'Richmond', state: 'VA', zipCode: '23220', employer: 'Acme', occupation: 'Teacher' },
      }),
    );
    await dataOf(
      await page.request.post(`/api/contacts/${noStreet.id}/donations`, {
        data: { donationAmount: 500, campaignId: campaign.id, donationDate: today, paymentMethod: 'check', status: 'completed' },
      }),
    );

    // Disbursements: two recorded in the form, one voided.
    await page.goto(`/dashboard/financials?committee=${committee.id}`);
    await page.getByRole('heading', { level: 1, name: 'Financials' }).waitFor();
    for (const [payee, amount, check] of [
      ['Quick Print LLC', '450', '1001'],
      ['Coffee Corner', '35.20', '1002'],
    ]) {
      await page.getByRole('button', { name: 'Record disbursement' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record disbursement' });
      await dialog.getByLabel('Payee organization').fill(payee);
      await dialog.getByLabel('Payee street').fill('5 Press Rd');
      await dialog.getByLabel('Payee city').fill('Richmond');
      await dialog.getByLabel('Payee state').fill('VA');
      await dialog.getByLabel('Payee ZIP code').fill('23220');
      await dialog.getByLabel(/^Amount/).fill(amount);
      await dialog.getByLabel(/^Purpose/).fill(payee === 'Quick Print LLC' ? 'Printing' : 'Meeting refreshments');
      await dialog.getByLabel('Category').selectOption(payee === 'Quick Print LLC' ? '006' : '001');
      await dialog.getByLabel('Check number').fill(check);
      if (payee === 'Quick Print LLC') await checkA11y(page, 'disbursement dialog');
      await dialog.getByRole('button', { name: 'Record disbursement' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: payee }).first().waitFor();
    }
    await page.getByRole('button', { name: `Void Coffee Corner ${today}` }).click();
    await page.getByRole('button', { name: 'Void', exact: true }).click();
    await page.getByText('Void: Void of check 1002', { exact: false }).waitFor();

    // The bank's export of two small checks, imported with the wizard: its headers are mapped by
    // their names, the row without an amount is shown with the field it lacks and skipped on request.
    await page.getByRole('button', { name: 'Import from file' }).click();
    const wizard = page.getByRole('dialog', { name: /^Import disbursements/ });
    const csv = [
      'Paid To,Amount,Date,Description,Check No,Address,City,State,Zip',
      `Office Supply Co,120.50,${today},Office supplies,1003,7 Mill St,Richmond,VA,23220`,
      `Postmaster,58,${today},Postage,1004,1 Post Sq,Richmond,VA,23219`,
      `Sign Shop,,${today},Yard signs,1005,2 Sign Rd,Richmond,VA,23219`,
    ].join('\r\n');
    await wizard.getByLabel('Disbursements file').setInputFiles({ name: `bank-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await wizard.getByText(`bank-${run}.csv: 3 rows`).waitFor();
    await expect(wizard.getByLabel('Payee (required)').inputValue()).resolves.toBe('Paid To');
    await wizard.getByRole('button', { name: 'Review rows' }).click();
    await wizard.getByText('2 of 3 rows are ready ($178.50).').waitFor();
    await wizard.getByRole('region', { name: 'Rows with errors' }).getByText('Amount:').waitFor();
    await checkA11y(page, 'disbursement import review');
    await wizard.getByRole('button', { name: 'Import the 2 valid rows, skip 1' }).click();
    await wizard.getByText('Imported 2 disbursements ($178.50). 1 row skipped.').waitFor();
    await wizard.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: 'Postmaster', exact: true }).waitFor();
    const imported = (await dataOf(await page.request.get(`/api/disbursements?committeeId=${committee.id}`))).disbursements;
    expect(imported.filter((d) => ['Office Supply Co', 'Postmaster'].includes(d.payeeName)).map((d) => [d.payeeName, d.amount, d.checkNumber])).toEqual(
      expect.arrayContaining([
        ['Office Supply Co', 120.5, '1003'],
        ['Postmaster', 58, '1004'],
      ]),
    );

    // The printer's invoice kept with its check: attached, listed, downloaded as it was sent.
    await page.getByRole('button', { name: `Receipts of Quick Print LLC ${today}` }).click();
    const receipts = page.getByRole('dialog', { name: /^Receipts: Quick Print LLC/ });
    await receipts.getByText('No receipt attached yet.').waitFor();
    const invoice = Buffer.from(`%PDF-1.4\n% Invoice ${run} for printing\n%%EOF\n`);
    await receipts.getByLabel('Receipt file').setInputFiles({ name: `invoice-${run}.pdf`, mimeType: 'application/pdf', buffer: invoice });
    const downloadReceipt = receipts.getByRole('button', { name: `Download invoice-${run}.pdf` });
    await downloadReceipt.waitFor();
    await checkA11y(page, 'disbursement receipts');
    const [receiptDownload] = await Promise.all([page.waitForEvent('download'), downloadReceipt.click()]);
    expect(fs.readFileSync(await receiptDownload.path()).equals(invoice)).toBe(true);
    await receipts.getByRole('button', { name: /close/i }).first().click();
    await bothWidths(page, 'financials-disbursements');

    // The month's reconciliation: check 1001 has not cleared, so the statement shows $450 more.
    await page.getByRole('tab', { name: 'Cash & reconciliation' }).click();
    const cash = await dataOf(await page.request.get(`/api/committees/${committee.id}/cash`));
    await page.getByLabel('Month', { exact: true }).fill(month);
    await page.getByLabel('Statement balance', { exact: true }).fill(String(cash.cashOnHand + 450));
    await page.getByRole('button', { name: 'Save statement balance' }).click();
    const figures = page.getByLabel(`Reconciliation ${month}`);
    await figures.getByText('$450.00').waitFor();
    await page.getByRole('cell', { name: 'Yes: not on the statement yet' }).waitFor();
    await bothWidths(page, 'financials-reconciliation');

    // The year-end report: the first of the committee, so it states its opening cash.
    await page.getByRole('tab', { name: 'FEC reports' }).click();
    await page.getByLabel('Report code').selectOption('YE');
    await page.getByLabel('Year').fill(String(year));
    await page.getByLabel('Coverage from').fill(`${year}-01-01`);
    await page.getByLabel('Opening cash on hand').fill('1000');
    await page.getByRole('button', { name: 'Create report' }).click();
    await page.getByRole('heading', { name: `F3N YE ${year}` }).waitFor({ timeout: 15_000 });
    const reportId = page.url().split('/reports/')[1];

    // The check lists the missing street; its link opens the contributor.
    const check = page.getByRole('region', { name: 'Check before filing' }).or(page.locator('section[aria-labelledby="check-heading"]'));
    const streetProblem = check.getByRole('listitem').filter({ hasText: 'street address' });
    await streetProblem.waitFor();
    await bothWidths(page, 'financials-report');
    await streetProblem.getByRole('link', { name: 'Fix this' }).click();
    await page.waitForURL(`**/dashboard/contacts/${noStreet.id}`);
    await page.goto(`/dashboard/contacts/${noStreet.id}/edit`);
    await page.getByRole('tab', { name: 'Contact Details' }).click();
    await page.getByLabel('Address line 1').fill('9 Oak Ave');
    await page.getByRole('button', { name: 'Update Contact' }).click();
    await page.getByText('9 Oak Ave').first().waitFor({ timeout: 15_000 });

    await page.goto(`/dashboard/financials/reports/${reportId}`);
    await page.getByRole('heading', { name: `F3N YE ${year}` }).waitFor();
    await page.getByLabel('Date signed').fill(today);
    await page.getByRole('button', { name: 'Save cover page' }).click();
    await page.getByText('Cover page saved').waitFor();
    const after = await dataOf(await page.request.get(`/api/reports/fec/${reportId}`));
    expect(after.problems.map((p) => p.code)).not.toContain('contributor-address');
    expect(after.problems.map((p) => p.code)).not.toContain('date-signed');

    // A line links to its entries.
    await page.getByRole('button', { name: '17. Operating Expenditures' }).click();
    const entries = page.getByRole('dialog', { name: '17. Operating Expenditures' });
    await entries.getByRole('cell', { name: /Quick Print LLC/ }).waitFor();
    await checkA11y(page, 'line entries');
    await entries.getByRole('button', { name: /close/i }).first().click();

    // The .fec file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download .fec' }).click()]);
    expect(download.suggestedFilename()).toBe(`${fecId}-YE-${year}.fec`);
    const fec = fs.readFileSync(await download.path(), 'latin1');
    expect(/^[\x20-\x7e\x1c\r\n]*$/.test(fec)).toBe(true);
    const records = fec
      .slice(0, -2)
      .split('\r\n')
      .map((line) => line.split('\x1c'));
    // Quick Print passes $200 and is itemized; Coffee Corner's check was voided (an aggregate of $0).
    expect(records.map((r) => r[0])).toEqual(['HDR', 'F3N', 'SA11AI', 'SB17']);
    expect(records[2]).toContain('9 Oak Ave');

    // Filed, then amended.
    await page.getByLabel('FEC filing ID').fill('FEC-1700001');
    await page.getByRole('button', { name: 'Mark filed' }).click();
    await page.getByText('Filed', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Amend report' }).click();
    await page.getByRole('heading', { name: `F3A YE ${year} amendment 1` }).waitFor({ timeout: 15_000 });
    const amendment = page.url().split('/reports/')[1];
    const amended = await page.request.get(`/api/reports/fec/${amendment}/file`);
    const amendedText = await amended.text();
    expect(amendedText.split('\r\n')[0].split('\x1c').slice(5, 7)).toEqual(['FEC-1700001', '1']);
    expect(amendedText.split('\r\n')[1].startsWith(`F3A\x1c${fecId}\x1c`)).toBe(true);
    await bothWidths(page, 'financials-amendment');

    expect(problems.pageErrors).toEqual([]);
    await context.close();
  }, 240_000);
});
