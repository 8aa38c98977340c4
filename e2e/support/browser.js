const { chromium } = require('playwright-core');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * A page that records what would otherwise go unnoticed: uncaught errors and console errors.
 * Failed network requests to /api are expected in some journeys, so they are kept apart.
 */
async function openPage(browser, baseURL, options = {}) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const problems = { pageErrors: [], consoleErrors: [] };
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  return { context, page, problems };
}

async function screenshot(page, name) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

module.exports = { launchBrowser, openPage, screenshot, CHROMIUM_ARGS };
