// Helpers shared by the browser benchmarks.
const { DEMO } = require('../e2e/support/auth');

/** Logs in once through the real page and returns the storage state (cookie + stored profile). */
async function demoStorageState(browser, baseURL) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

function table(rows) {
  const widths = Object.keys(rows[0]).map((key) => Math.max(key.length, ...rows.map((row) => String(row[key]).length)));
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
  console.log(line(Object.keys(rows[0])));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(Object.values(row)));
}

module.exports = { demoStorageState, percentile, table };
