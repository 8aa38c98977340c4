const { chromium } = require('playwright-core');
const { checkA11y } = require('./a11y');

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

/** A page worth a picture is a page worth auditing: axe runs first (see a11y.js), whether or not pictures are kept. */
async function screenshot(page, name) {
  await checkA11y(page, name);
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

module.exports = { launchBrowser, openPage, screenshot, checkA11y, CHROMIUM_ARGS };
