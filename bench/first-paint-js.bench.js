// Gzip size of the JavaScript each app sends for the first paint of a dashboard page:
// shell + federation runtime + shared libraries + the first section.
const zlib = require('node:zlib');
const { demoStorageState, table } = require('./support');

const PAGES = ['/dashboard', '/dashboard/contacts'];

function appOf(url) {
  const match = new URL(url).pathname.match(/^\/remotes\/([^/]+)\//);
  return match ? match[1] : 'shell';
}

async function measure(browser, baseURL, storageState, pagePath) {
  const context = await browser.newContext({ baseURL, storageState });
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
    const entry = perApp.get(app) ?? { files: 0, raw: 0, gzip: 0 };
    entry.files += 1;
    entry.raw += body.length;
    entry.gzip += zlib.gzipSync(body, { level: 9 }).length;
    perApp.set(app, entry);
  }
  await context.close();
  return perApp;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

module.exports = {
  title: 'JavaScript for first paint (gzip -9)',
  async run({ browser, baseURL }) {
    const storageState = await demoStorageState(browser, baseURL);
    for (const pagePath of PAGES) {
      const perApp = await measure(browser, baseURL, storageState, pagePath);
      const rows = [...perApp.entries()].map(([app, e]) => ({ page: pagePath, app, files: e.files, raw: kb(e.raw), gzip: kb(e.gzip) }));
      const total = [...perApp.values()].reduce((sum, e) => ({ files: sum.files + e.files, raw: sum.raw + e.raw, gzip: sum.gzip + e.gzip }), { files: 0, raw: 0, gzip: 0 });
      rows.push({ page: pagePath, app: 'TOTAL', files: total.files, raw: kb(total.raw), gzip: kb(total.gzip) });
      table(rows);
      console.log('');
    }
  },
};
