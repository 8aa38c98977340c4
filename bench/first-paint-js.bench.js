// Brotli size of the JavaScript each app sends for the first paint of a dashboard page (shell +
// federation runtime + shared libraries + the first section) and of the prerendered public home.
// The budgets themselves are checked by scripts/byte-budgets.check.js on every CI run (ADR 0008).
const zlib = require('node:zlib');
const { demoStorageState, table } = require('./support');

const PAGES = ['/dashboard', '/dashboard/contacts', '/'];

function appOf(url) {
  const match = new URL(url).pathname.match(/^\/remotes\/([^/]+)\//);
  return match ? match[1] : 'shell';
}

async function measure(browser, baseURL, storageState, pagePath) {
  const context = await browser.newContext({ baseURL, storageState: pagePath.startsWith('/dashboard') ? storageState : undefined });
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(pagePath);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const perApp = new Map();
  for (const response of scripts) {
    const body = await response.body();
    const app = appOf(response.url());
    const entry = perApp.get(app) ?? { files: 0, raw: 0, brotli: 0 };
    entry.files += 1;
    entry.raw += body.length;
    entry.brotli += zlib.brotliCompressSync(body).length;
    perApp.set(app, entry);
  }
  await context.close();
  return perApp;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

module.exports = {
  title: 'JavaScript for first paint (brotli)',
  async run({ browser, baseURL }) {
    const storageState = await demoStorageState(browser, baseURL);
    for (const pagePath of PAGES) {
      const perApp = await measure(browser, baseURL, storageState, pagePath);
      const rows = [...perApp.entries()].map(([app, e]) => ({ page: pagePath, app, files: e.files, raw: kb(e.raw), brotli: kb(e.brotli) }));
      const total = [...perApp.values()].reduce((sum, e) => ({ files: sum.files + e.files, raw: sum.raw + e.raw, brotli: sum.brotli + e.brotli }), {
        files: 0,
        raw: 0,
        brotli: 0,
      });
      rows.push({ page: pagePath, app: 'TOTAL', files: total.files, raw: kb(total.raw), brotli: kb(total.brotli) });
      table(rows);
      console.log('');
    }
  },
};
