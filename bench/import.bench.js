// Data import (docs/product/imports.md), in one run:
//  - parse: a 100,000-row, 12-column CSV (~12 MB) read by the wizard's Web Worker in real Chromium;
//    target < 1.5 s with no main-thread task over 200 ms (PerformanceObserver 'longtask');
//  - review: entering the review step (every row checked in the worker), scrolling the grid and
//    sending the rows: again no main-thread task over 200 ms;
//  - end to end: upload to completed, through the browser against the product; target < 10 s.
// The server's import against the floor of the same work (plain multi-row INSERTs of the same rows
// into the same tables) on both engines is import-server.bench.js.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { table } = require('./support');
const { DEMO } = require('../e2e/support/auth');

const ROWS = 100_000;
const PARSE_TARGET_MS = 1500;
const LONG_TASK_TARGET_MS = 200;
const E2E_TARGET_MS = 10_000;
const HEADERS = ['First Name', 'Last Name', 'Email', 'Phone', 'Address', 'City', 'State', 'Zip', 'Amount', 'Date', 'Transaction ID', 'Employer'];
function makeRows(run) {
  const rows = [];
  for (let i = 0; i < ROWS; i++) {
    rows.push({
      'First Name': `First${i % 5000}`,
      'Last Name': `Last${i}`,
      Email: `donor${i}.${run}@example.org`,
      Phone: `617-555-${String(i % 10000).padStart(4, '0')}`,
      Address: `${100 + (i % 900)} Main Street`,
      City: 'Springfield',
      State: 'IL',
      Zip: String(10000 + (i % 89999)),
      Amount: `$${(i % 500) + 1}.00`,
      Date: `0${(i % 9) + 1}/15/2026`,
      'Transaction ID': `TX-${run}-${i}`,
      Employer: 'Acme Corporation',
    });
  }
  return rows;
}

function toCsv(rows) {
  const quote = (v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${HEADERS.join(',')}\n${rows.map((r) => HEADERS.map((h) => quote(r[h])).join(',')).join('\n')}\n`;
}

const rate = (rows, ms) => Math.round(rows / (ms / 1000));
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function browserParse(browser, baseURL, csv, fileName) {
  // A user picks the file from disk: given a path, Chromium reads it itself. Given the bytes instead,
  // Playwright rebuilds the file with script in the page, a main-thread task of its own (about 1.6 s
  // for 12 MB) that no user ever pays and that the parse figures would otherwise include.
  const filePath = path.join(os.tmpdir(), fileName);
  fs.writeFileSync(filePath, csv);
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
  await page.goto('/dashboard/data');
  const campaign = page.getByLabel('Campaign');
  await campaign.selectOption(await campaign.locator('option').nth(1).getAttribute('value'));
  await page.getByRole('button', { name: 'Next' }).click();
  // The file goes into the page first, so parsing alone is timed (from the drop to the rows read).
  await page.evaluate(() => (window.__longTasks.length = 0));
  const input = page.getByLabel('Import file');
  const started = Date.now();
  await input.setInputFiles(filePath);
  await page
    .getByRole('status')
    .filter({ hasText: `${ROWS.toLocaleString('en-US')} rows and` })
    .waitFor({ timeout: 60_000 });
  const parseMs = Date.now() - started;
  const longest = Math.max(0, ...(await page.evaluate(() => window.__longTasks)));
  return { context, page, parseMs, longest, uploadStarted: started, filePath };
}

module.exports = {
  title: `Data import: 100k-row CSV (parse < ${PARSE_TARGET_MS / 1000} s, no task > ${LONG_TASK_TARGET_MS} ms; end to end < ${E2E_TARGET_MS / 1000} s)`,
  async run({ baseURL, browser }) {
    const run = Date.now() % 1_000_000;
    const rows = makeRows(run);
    const csv = toCsv(rows);
    const results = [];

    // Parse, then end to end through the product (embedded SQLite of `npm start`).
    const { context, page, parseMs, longest, uploadStarted, filePath } = await browserParse(browser, baseURL, csv, `bench-${run}.csv`);
    results.push({
      measure: 'parse in worker',
      figure: `${secs(parseMs)} (${rate(ROWS, parseMs)} rows/s)`,
      target: `< ${secs(PARSE_TARGET_MS)}`,
      ok: parseMs < PARSE_TARGET_MS ? 'yes' : 'NO',
    });
    results.push({
      measure: 'longest main-thread task',
      figure: `${longest.toFixed(0)} ms`,
      target: `<= ${LONG_TASK_TARGET_MS} ms`,
      ok: longest <= LONG_TASK_TARGET_MS ? 'yes' : 'NO',
    });
    // Review: mapping, then every row checked (in the worker) and the grid shown and scrolled.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Map Columns' }).waitFor();
    await page.evaluate(() => (window.__longTasks.length = 0));
    const reviewStarted = Date.now();
    await page.getByRole('button', { name: 'Next' }).click();
    const importButton = page.getByRole('button', { name: `Import ${ROWS.toLocaleString('en-US')} rows` });
    await importButton.waitFor({ timeout: 60_000 });
    const reviewMs = Date.now() - reviewStarted;
    const grid = page.getByRole('region', { name: 'Rows to import' });
    for (const share of [0.5, 1, 0.25]) {
      await grid.evaluate((element, at) => (element.scrollTop = (element.scrollHeight - element.clientHeight) * at), share);
      await page.waitForTimeout(100);
    }
    await page
      .getByRole('checkbox', { name: /^Import row \d+$/ })
      .first()
      .waitFor();
    const reviewLongest = Math.max(0, ...(await page.evaluate(() => window.__longTasks)));
    results.push({ measure: 'review: rows checked, grid shown', figure: secs(reviewMs), target: '', ok: '' });
    results.push({
      measure: 'longest main-thread task (review, scroll)',
      figure: `${reviewLongest.toFixed(0)} ms`,
      target: `<= ${LONG_TASK_TARGET_MS} ms`,
      ok: reviewLongest <= LONG_TASK_TARGET_MS ? 'yes' : 'NO',
    });

    // Sending: the rows go up in batches sized by rows and bytes.
    await page.evaluate(() => (window.__longTasks.length = 0));
    await importButton.click({ timeout: 60_000 });
    await page.getByText('Import ID:').waitFor({ timeout: 60_000 });
    const sendLongest = Math.max(0, ...(await page.evaluate(() => window.__longTasks)));
    results.push({
      measure: 'longest main-thread task (sending rows)',
      figure: `${sendLongest.toFixed(0)} ms`,
      target: `<= ${LONG_TASK_TARGET_MS} ms`,
      ok: sendLongest <= LONG_TASK_TARGET_MS ? 'yes' : 'NO',
    });
    const start = await page.getByText('Import ID:').locator('code').textContent({ timeout: 60_000 });
    for (;;) {
      const res = await page.request.get(`/api/data-import/${start}`);
      const record = (await res.json()).data.import;
      if (record.status !== 'processing') {
        if (record.status !== 'completed') throw new Error(`import ended ${record.status}: ${record.errors[0]}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const e2eMs = Date.now() - uploadStarted;
    results.push({ measure: 'end to end (SQLite product)', figure: secs(e2eMs), target: `< ${secs(E2E_TARGET_MS)}`, ok: e2eMs < E2E_TARGET_MS ? 'yes' : 'NO' });
    await context.close();
    fs.rmSync(filePath, { force: true });

    table(results);
  },
};
