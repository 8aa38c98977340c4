// Journey: runtime Module Federation as operated in production — one React in the page,
// a remote redeployed while the server runs is picked up on reload, and a remote whose files
// are gone degrades only its own section.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { launchBrowser, openPage, screenshot } = require('../support/browser');
const { logIn } = require('../support/auth');
const { startIsolatedProduct } = require('../support/product');
const { deployRemote } = require('../../scripts/deploy-remote');

const repoRoot = path.resolve(__dirname, '../..');

// Counts React renderers through the hook React DOM registers with at start-up: a second
// copy of react-dom in the page would register a second renderer.
const COUNT_REACT_RENDERERS = () => {
  const renderers = new Map();
  window.__caucusReactRenderers = renderers;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers,
    supportsFiber: true,
    isDisabled: false,
    inject(renderer) {
      const id = renderers.size + 1;
      renderers.set(id, renderer.version);
      return id;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
  };
};

function readRemotes(siteDir) {
  return JSON.parse(fs.readFileSync(path.join(siteDir, 'remotes.json'), 'utf8'));
}

describe('runtime federation', () => {
  let browser;
  let product;
  beforeAll(async () => {
    browser = await launchBrowser();
    product = await startIsolatedProduct('federation');
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('exactly one React runs the shell and every remote', async () => {
    const { context, page, problems } = await openPage(browser, product.baseURL);
    await page.addInitScript(COUNT_REACT_RENDERERS);
    await logIn(page);
    for (const section of ['contacts', 'lists', 'campaigns', 'events', 'data', 'financials']) {
      await page.goto(`/dashboard/${section}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    const renderers = await page.evaluate(() => [...window.__caucusReactRenderers.values()]);
    expect(renderers).toHaveLength(1);
    // A prerendered public page runs no React at all: its plans are drawn by an island (ADR 0014).
    await page.goto('/pricing');
    await page.getByText('$300').first().waitFor();
    expect(await page.evaluate(() => window.__caucusReactRenderers.size)).toBe(0);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors.filter((text) => /Invalid hook call|more than one copy/i.test(text))).toEqual([]);
    await context.close();
  });

  test('a remote redeployed while the server runs is picked up on the next page load', async () => {
    const { context, page } = await openPage(browser, product.baseURL);
    await logIn(page);
    await page.goto('/dashboard/lists');
    await page.getByRole('heading', { name: 'Contact Lists' }).waitFor();
    const before = readRemotes(product.siteDir).mfe_lists;

    // A new build of mfe-lists only, made elsewhere (as its team's pipeline would): same code
    // with a visibly different title.
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-lists-build-'));
    const newDist = path.join(buildDir, 'dist');
    fs.copyFileSync(path.join(repoRoot, 'mfe-lists', 'package.json'), path.join(buildDir, 'package.json'));
    fs.cpSync(path.join(repoRoot, 'mfe-lists', 'dist'), newDist, { recursive: true });
    let patched = 0;
    for (const file of fs.readdirSync(newDist)) {
      if (!file.endsWith('.js')) continue;
      const full = path.join(newDist, file);
      const code = fs.readFileSync(full, 'utf8');
      if (code.includes('"Contact Lists"')) {
        fs.writeFileSync(full, code.replaceAll('"Contact Lists"', '"Contact Lists (redeployed)"'));
        patched += 1;
      }
    }
    expect(patched).toBeGreaterThan(0);
    deployRemote({ packageName: 'mfe-lists', packageDir: buildDir, siteDir: product.siteDir });
    fs.rmSync(buildDir, { recursive: true, force: true });

    const after = readRemotes(product.siteDir).mfe_lists;
    expect(after).not.toBe(before);

    await page.reload();
    await page.getByRole('heading', { name: 'Contact Lists (redeployed)' }).waitFor();
    await context.close();
  });

  test('a remote whose files are gone shows the unavailable state; other sections still work', async () => {
    const manifestUrl = readRemotes(product.siteDir).mfe_events;
    const versionDir = path.join(product.siteDir, path.dirname(manifestUrl));
    fs.rmSync(versionDir, { recursive: true, force: true });

    const { context, page } = await openPage(browser, product.baseURL);
    await logIn(page);
    await page.goto('/dashboard/events');
    await page.getByText('This section is unavailable').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await screenshot(page, 'section-unavailable');

    // The frame still works, and another remote still loads.
    await page.getByRole('navigation').getByRole('link', { name: 'Contacts', exact: true }).click();
    await page.getByRole('heading', { name: 'Contacts', exact: true }).waitFor();
    await page
      .getByText(/\d+ contacts/)
      .first()
      .waitFor();
    await context.close();
  });
});
