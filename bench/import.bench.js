// Data import (issue 12), in one run:
//  - parse: a 100,000-row, 12-column CSV (~12 MB) read by the wizard's Web Worker in real Chromium;
//    target < 1.5 s with no main-thread task over 200 ms (PerformanceObserver 'longtask');
//  - review: entering the review step (every row checked in the worker), scrolling the grid and
//    sending the rows: again no main-thread task over 200 ms;
//  - server: the same rows through POST /api/data-import/import until the import completes, on
//    MariaDB, beside a raw multi-row INSERT of the same rows into a 12-column table of the same
//    database; target server >= 0.5x the raw rate;
//  - end to end: upload to completed, through the browser against the product; target < 10 s.
// The server part needs DATABASE_URL=mysql://...; it uses its own database `caucus_bench_import`, made
// anew for each run and dropped after it (each run writes 200,000 contacts and donations, about 1 GB
// that a reused database kept).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { table } = require('./support');
const { BENCH_TOTP_KEY, mysqlUrlOrSkip, withDatabase } = require('./support/mariadb');
const { DEMO } = require('../e2e/support/auth');

const ROWS = 100_000;
const PARSE_TARGET_MS = 1500;
const LONG_TASK_TARGET_MS = 200;
const RATIO_TARGET = 0.5;
const E2E_TARGET_MS = 10_000;
const HEADERS = ['First Name', 'Last Name', 'Email', 'Phone', 'Address', 'City', 'State', 'Zip', 'Amount', 'Date', 'Transaction ID', 'Employer'];
const MAPPING = {
  'First Name': 'firstName',
  'Last Name': 'lastName',
  Email: 'email',
  Phone: 'phone',
  Address: 'address',
  City: 'city',
  State: 'state',
  Zip: 'zipCode',
  Amount: 'amount',
  Date: 'donationDate',
  'Transaction ID': 'transactionId',
  Employer: 'employer',
};

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
  await page.getByRole('status').filter({ hasText: `${ROWS.toLocaleString('en-US')} rows and` }).waitFor({ timeout: 60_000 });
  const parseMs = Date.now() - started;
  const longest = Math.max(0, ...(await page.evaluate(() => window.__longTasks)));
  return { context, page, parseMs, longest, uploadStarted: started, filePath };
}

module.exports = {
  title: `Data import: 100k-row CSV (parse < ${PARSE_TARGET_MS / 1000} s, no task > ${LONG_TASK_TARGET_MS} ms; server >= ${RATIO_TARGET}x raw INSERT; end to end < ${E2E_TARGET_MS / 1000} s)`,
  async run({ baseURL, browser, repoRoot = path.resolve(__dirname, '..') }) {
    const run = Date.now() % 1_000_000;
    const rows = makeRows(run);
    const csv = toCsv(rows);
    const results = [];

    // Parse, then end to end through the product (embedded SQLite of `npm start`).
    const { context, page, parseMs, longest, uploadStarted, filePath } = await browserParse(browser, baseURL, csv, `bench-${run}.csv`);
    results.push({ measure: 'parse in worker', figure: `${secs(parseMs)} (${rate(ROWS, parseMs)} rows/s)`, target: `< ${secs(PARSE_TARGET_MS)}`, ok: parseMs < PARSE_TARGET_MS ? 'yes' : 'NO' });
    results.push({ measure: 'longest main-thread task', figure: `${longest.toFixed(0)} ms`, target: `<= ${LONG_TASK_TARGET_MS} ms`, ok: longest <= LONG_TASK_TARGET_MS ? 'yes' : 'NO' });
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
    await page.getByRole('checkbox', { name: /^Import row \d+$/ }).first().waitFor();
    const reviewLongest = Math.max(0, ...(await page.evaluate(() => window.__longTasks)));
    results.push({ measure: 'review: rows checked, grid shown', figure: secs(reviewMs), target: '', ok: '' });
    results.push({ measure: 'longest main-thread task (review, scroll)', figure: `${reviewLongest.toFixed(0)} ms`, target: `<= ${LONG_TASK_TARGET_MS} ms`, ok: reviewLongest <= LONG_TASK_TARGET_MS ? 'yes' : 'NO' });

    // Sending: the rows go up in batches sized by rows and bytes.
    await page.evaluate(() => (window.__longTasks.length = 0));
    await importButton.click({ timeout: 60_000 });
    await page.getByText('Import ID:').waitFor({ timeout: 60_000 });
    const sendLongest = Math.max(0, ...(await page.evaluate(() => window.__longTasks)));
    results.push({ measure: 'longest main-thread task (sending rows)', figure: `${sendLongest.toFixed(0)} ms`, target: `<= ${LONG_TASK_TARGET_MS} ms`, ok: sendLongest <= LONG_TASK_TARGET_MS ? 'yes' : 'NO' });
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

    // Server against a raw INSERT, on MariaDB.
    const databaseUrl = mysqlUrlOrSkip();
    if (databaseUrl) {
      const tsx = require('tsx/cjs/api');
      const load = (file) => tsx.require(path.join(repoRoot, 'api', 'src', file), __filename);
      const { createKnex, migrateLatest } = load('db/index.ts');
      const { createApp } = load('app.ts');
      const { loadConfig } = load('config.ts');
      const { newId } = load('lib/ids.ts');
      const argon2 = require(require.resolve('argon2', { paths: [path.join(repoRoot, 'api')] }));
      const admin = createKnex({ databaseUrl: withDatabase(databaseUrl, '') });
      await admin.raw('DROP DATABASE IF EXISTS `caucus_bench_import`');
      await admin.raw('CREATE DATABASE `caucus_bench_import` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
      const knex = createKnex({ databaseUrl: withDatabase(databaseUrl, 'caucus_bench_import') });
      await migrateLatest(knex);
      const now = new Date();
      const accountId = newId();
      const userId = newId();
      const campaignId = newId();
      const email = `bench-${run}@example.org`;
      await knex('accounts').insert({ id: accountId, name: 'Import bench', organizationType: 'political', status: 'active', planId: 'growth', createdAt: now, updatedAt: now });
      await knex('users').insert({ id: userId, email, passwordHash: await argon2.hash('bench-password-1', { type: argon2.argon2id }), firstName: 'Bench', lastName: 'User', status: 'active', createdAt: now, updatedAt: now });
      await knex('memberships').insert({ id: newId(), accountId, userId, role: 'owner', createdAt: now, updatedAt: now });
      await knex('campaigns').insert({ id: campaignId, accountId, name: 'Bench', slug: `bench-${run}`, campaignType: 'fundraising', status: 'active', fundraisingGoal: 1000, suggestedAmounts: '[]', createdAt: now, updatedAt: now });

      const app = createApp({ knex, config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://127.0.0.1', TOTP_ENCRYPTION_KEY: BENCH_TOTP_KEY }) });
      const server = require('node:http').createServer(app.callback());
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const api = `http://127.0.0.1:${server.address().port}`;
      try {
        const login = await (await fetch(`${api}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password-1' }) })).json();
        const auth = { Authorization: `Bearer ${login.data.token}`, 'Content-Type': 'application/json' };
        const serverStarted = Date.now();
        const res = await fetch(`${api}/api/data-import/import`, { method: 'POST', headers: auth, body: JSON.stringify({ campaignId, fileName: 'bench.csv', headers: HEADERS, mapping: MAPPING, rows }) });
        const { data } = await res.json();
        for (;;) {
          const record = (await (await fetch(`${api}/api/data-import/${data.importId}`, { headers: auth })).json()).data.import;
          if (record.status !== 'processing') {
            if (record.status !== 'completed' || record.recordsImported !== ROWS) throw new Error(`server import ended ${record.status} with ${record.recordsImported} rows`);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const serverMs = Date.now() - serverStarted;

        await knex.schema.dropTableIfExists('bench_raw_rows');
        await knex.schema.createTable('bench_raw_rows', (t) => {
          t.string('id', 36).primary();
          for (let i = 0; i < HEADERS.length; i++) t.string(`c${i}`, 255);
        });
        const rawStarted = Date.now();
        for (let i = 0; i < ROWS; i += 1000) {
          await knex('bench_raw_rows').insert(rows.slice(i, i + 1000).map((r) => Object.fromEntries([['id', newId()], ...HEADERS.map((h, c) => [`c${c}`, r[h]])])));
        }
        const rawMs = Date.now() - rawStarted;
        await knex.schema.dropTableIfExists('bench_raw_rows');

        // A second reference, for the record: the same rows written as the product stores them (a
        // contact and a donation each, plain multi-row INSERTs into the real tables with their
        // indexes and tally triggers, for another campaign of the account), with no checks, matching,
        // locks or totals. No import of these tables can beat it.
        const otherCampaignId = newId();
        await knex('campaigns').insert({ id: otherCampaignId, accountId, name: 'Bench raw', slug: `bench-raw-${run}`, campaignType: 'fundraising', status: 'active', fundraisingGoal: 1000, suggestedAmounts: '[]', createdAt: now, updatedAt: now });
        const tablesStarted = Date.now();
        for (let i = 0; i < ROWS; i += 1000) {
          const contacts = [];
          const donations = [];
          for (const [k, r] of rows.slice(i, i + 1000).entries()) {
            const contactId = newId();
            contacts.push({ id: contactId, accountId, status: 'active', country: 'US', firstName: r['First Name'], lastName: r['Last Name'], primaryEmail: `raw.${r.Email}`, primaryPhone: r.Phone, addressLine1: r.Address, city: r.City, state: r.State, zipCode: r.Zip, employer: r.Employer, totalDonated: 0, tags: '[]', createdAt: now, updatedAt: now });
            donations.push({ id: newId(), accountId, contactId, campaignId: otherCampaignId, donationAmount: (((i + k) % 500) + 1), paymentMethod: 'other', status: 'completed', donationDate: `2026-0${((i + k) % 9) + 1}-15`, transactionId: `RAW-${r['Transaction ID']}`, isAnonymous: false, isRecurring: false, createdAt: now, updatedAt: now });
          }
          await knex.transaction(async (trx) => {
            await trx('contacts').insert(contacts);
            await trx('donations').insert(donations);
          });
        }
        const tablesMs = Date.now() - tablesStarted;
        const ratio = rawMs / serverMs;
        results.push({ measure: 'server import (MariaDB)', figure: `${secs(serverMs)} (${rate(ROWS, serverMs)} rows/s)`, target: '', ok: '' });
        results.push({ measure: 'raw multi-row INSERT', figure: `${secs(rawMs)} (${rate(ROWS, rawMs)} rows/s)`, target: '', ok: '' });
        results.push({ measure: 'server / raw rate', figure: `${ratio.toFixed(2)}x`, target: `>= ${RATIO_TARGET}x`, ok: ratio >= RATIO_TARGET ? 'yes' : 'NO' });
        results.push({ measure: 'raw INSERT as contacts + donations', figure: `${secs(tablesMs)} (${rate(ROWS, tablesMs)} rows/s)`, target: '', ok: '' });
        results.push({ measure: 'server / contacts + donations rate', figure: `${(tablesMs / serverMs).toFixed(2)}x`, target: '(for the record)', ok: '' });
      } finally {
        server.close();
        await app.jobs.queue.close();
        await knex.destroy();
        await admin.raw('DROP DATABASE IF EXISTS `caucus_bench_import`');
        await admin.destroy();
      }
    }
    table(results);
  },
};
