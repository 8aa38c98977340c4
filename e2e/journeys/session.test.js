// Journey: one session for the whole browser (docs/product/screens.md, docs/design.md Auth). Signed in with or
// without 'Remember me', every tab of the browser is signed in: the contacts list's 'Open in a new
// tab', the 'Create Campaign First' link of the pledge form, and a dashboard URL typed into a new tab.
// Signing out in one tab signs out the others within a second, and the server refuses the old
// session. Users of their own (never the demo account, which other journeys sign in as).
const { seedOwner } = require('../support/accounts');
const { launchBrowser, openPage, checkA11y } = require('../support/browser');
const { logIn } = require('../support/auth');

const baseURL = process.env.E2E_BASE_URL;

/** The tab a click opens (target="_blank" rel="noopener": nothing of the opener's tab is copied). */
async function openedBy(context, click) {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForLoadState();
  return tab;
}

/** A request from the page's own script, as the product's API client sends it (JSON: the CSRF guard's condition). */
function apiFromPage(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

describe('one session for the whole browser', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test.each([
    ['without', false],
    ['with', true],
  ])("signed in %s 'Remember me', links opened in a new tab and typed dashboard URLs are signed in", async (label, remember) => {
    const user = await seedOwner({ prefix: `session-${label}`, accountName: `Session ${label} Committee`, firstName: 'Tabitha', lastName: 'Tabs' });
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page, user, { remember });

    // The credential is the httpOnly cookie every tab sends: a session cookie without 'Remember me'.
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'caucus_session');
    expect(cookie.httpOnly).toBe(true);
    if (remember) expect(cookie.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
    else expect(cookie.expires).toBe(-1);
    // The page's script never sees a token: not in its storage, not in its cookies.
    const stored = await page.evaluate(() => ({ local: JSON.stringify(localStorage), session: JSON.stringify(sessionStorage), cookies: document.cookie }));
    expect(`${stored.local}${stored.session}${stored.cookies}`).not.toContain(cookie.value);

    const lastName = `Newtab${Date.now() % 100000}`;
    const created = await apiFromPage(page, 'POST', '/api/contacts', { firstName: 'Nia', lastName });
    expect(created.status).toBe(201);
    const contactId = created.body.data.contact.id;

    // The contacts list's own 'Open in a new tab'.
    await page.goto('/dashboard/contacts');
    const contactTab = await openedBy(context, () =>
      page
        .getByRole('link', { name: `Open Nia ${lastName} in a new tab` })
        .first()
        .click(),
    );
    await contactTab.waitForURL(`**/dashboard/contacts/${contactId}`);
    await contactTab.getByRole('heading', { name: `Nia ${lastName}` }).waitFor();
    expect(contactTab.url()).not.toContain('/login');
    await checkA11y(contactTab, `contact opened in a new tab (${label} Remember me)`);

    // 'Create Campaign First' of the pledge form (the account has no campaign yet), from that tab.
    await contactTab.getByRole('button', { name: 'Add pledge' }).first().click();
    const dialog = contactTab.getByRole('dialog', { name: 'Add Pledge' });
    const campaignsTab = await openedBy(context, () => dialog.getByRole('link', { name: 'Create Campaign First' }).click());
    await campaignsTab.waitForURL('**/dashboard/campaigns');
    await campaignsTab.getByRole('heading', { name: 'Campaign Management' }).waitFor();

    // CSRF in the new tab: the product's own writes pass (JSON and X-Requested-With); a write that
    // rides on the cookie alone, as a cross-site form would, is refused and ends nothing.
    const refused = await campaignsTab.evaluate(async () => (await fetch('/api/auth/logout', { method: 'POST' })).status);
    expect(refused).toBe(403);
    expect((await apiFromPage(campaignsTab, 'GET', '/api/auth/me')).status).toBe(200);
    const campaignName = `New Tab Campaign ${Date.now() % 100000}`;
    await campaignsTab.getByText('New Campaign').first().click();
    await campaignsTab.getByLabel('Campaign Name').fill(campaignName);
    await campaignsTab.getByRole('button', { name: 'Create Campaign' }).click();
    await campaignsTab.getByRole('heading', { name: campaignName }).waitFor({ timeout: 15_000 });

    // A dashboard URL typed into a new tab of the same browser.
    const typed = await context.newPage();
    await typed.goto('/dashboard?section=campaigns');
    await typed.waitForURL('**/dashboard/campaigns');
    await typed.getByRole('heading', { name: 'Campaign Management' }).waitFor();
    await typed.getByText(campaignName).first().waitFor();

    expect([...problems.pageErrors]).toEqual([]);
    await context.close();
  });

  test.each([
    ['without', false],
    ['with', true],
  ])("signed in %s 'Remember me', signing out in one tab signs out the others within a second, and the server ends the session", async (label, remember) => {
    const user = await seedOwner({ prefix: `session-signout-${label}`, accountName: 'Session Sign-out Committee', firstName: 'Otto', lastName: 'Out' });
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page, user, { remember });
    const other = await context.newPage();
    const otherErrors = [];
    other.on('pageerror', (error) => otherErrors.push(error.message));
    await other.goto('/dashboard/contacts');
    await other.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();

    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(200);
    const endedAt = Date.now();
    await other.waitForURL('**/login', { timeout: 1_000 });
    expect(Date.now() - endedAt).toBeLessThan(1_000);
    await other.getByRole('button', { name: 'Sign In' }).waitFor();

    // The server answers 401 for the ended session, whichever tab asks; a new tab lands on /login.
    expect((await apiFromPage(other, 'GET', '/api/auth/me')).status).toBe(401);
    const typed = await context.newPage();
    await typed.goto('/dashboard');
    await typed.waitForURL('**/login');
    expect(await typed.evaluate(() => localStorage.getItem('user'))).toBeNull();

    expect([...problems.pageErrors, ...otherErrors]).toEqual([]);
    await context.close();
  });
});
