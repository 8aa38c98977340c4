// Journey: the demo user signs in, opens every section (each a separately deployed remote),
// sees that remote's content, and signs out.
const { launchBrowser, openPage, screenshot } = require('../support/browser');
const { logIn } = require('../support/auth');

const baseURL = process.env.E2E_BASE_URL;

const REMOTE_SECTIONS = [
  { nav: 'Contacts', path: '/dashboard/contacts', heading: 'Contacts', content: /\d+ contacts/ },
  { nav: 'Lists', path: '/dashboard/lists', heading: 'Contact Lists', content: /total lists/ },
  { nav: 'Campaigns', path: '/dashboard/campaigns', heading: 'Campaign Management', content: /%/ },
  { nav: 'Events', path: '/dashboard/events', heading: 'Events', content: /\d{4}/ },
  { nav: 'Data', path: '/dashboard/data', heading: 'Data', content: /Import History/ },
  { nav: 'Calls & Meetings', path: '/dashboard/calls-meetings', heading: 'Call time', content: /Build a call sheet/ },
  { nav: 'Communication', path: '/dashboard/communication', heading: 'Communication', content: /Not yet thanked/ },
  { nav: 'Financials', path: '/dashboard/financials', heading: 'Financials', content: /Disbursements/ },
];

describe('signed-in journey through every section', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('the dashboard needs a session: /dashboard without one goes to /login', async () => {
    const { context, page } = await openPage(browser, baseURL);
    await page.goto('/dashboard/contacts');
    await page.waitForURL('**/login');
    await context.close();
  });

  test('login validation texts show before anything is sent', async () => {
    const { context, page } = await openPage(browser, baseURL);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is invalid').waitFor();
    await context.close();
  });

  test('a wrong password shows the server message and stays on /login', async () => {
    const { context, page } = await openPage(browser, baseURL);
    await page.goto('/login');
    await page.getByLabel('Email').fill('demo@caucus.local');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  test('demo user logs in, opens every section, then logs out', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page);
    await screenshot(page, 'dashboard-home');

    for (const section of REMOTE_SECTIONS) {
      await page.getByRole('navigation').getByRole('link', { name: section.nav, exact: true }).click();
      await page.waitForURL(`**${section.path}`);
      await page.getByRole('heading', { name: section.heading, exact: true }).waitFor({ timeout: 15_000 });
      await page.getByText(section.content).first().waitFor({ timeout: 15_000 });
      expect(await page.getByText('This section is unavailable').count()).toBe(0);
      await screenshot(page, `section-${section.nav.toLowerCase()}`);
    }

    // Reload keeps the user on the same section (real URLs, session cookie).
    await page.goto('/dashboard/campaigns');
    await page.reload();
    await page.getByRole('heading', { name: 'Campaign Management' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');

    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  test('Remember me decides whether the session outlives the browser session', async () => {
    const sessionCookie = async (context) => (await context.cookies()).find((cookie) => cookie.name === 'caucus_session');
    // A "browser restart": a new context with only what persists (persistent cookies and localStorage).
    const restart = async (context) => {
      const state = await context.storageState();
      await context.close();
      return openPage(browser, baseURL, { storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires !== -1) } });
    };

    const forgetful = await openPage(browser, baseURL);
    await logIn(forgetful.page);
    const shortCookie = await sessionCookie(forgetful.context);
    expect(shortCookie.httpOnly).toBe(true);
    expect(shortCookie.sameSite).toBe('Lax');
    expect(shortCookie.expires).toBe(-1); // a browser-session cookie
    // The stored profile is shared by every tab (localStorage), ends with the browser session too
    // (it counts only beside a browser-session cookie of its own), and never holds the token.
    const stored = await forgetful.page.evaluate(() => ({ local: localStorage.getItem('user'), session: sessionStorage.getItem('user') }));
    expect(stored.session).toBeNull();
    expect(stored.local).toContain('demo@caucus.local');
    expect(stored.local).not.toContain(shortCookie.value);
    const marker = (await forgetful.context.cookies()).find((cookie) => cookie.name === 'caucus_browser_session');
    expect(marker.expires).toBe(-1);
    const closed = await restart(forgetful.context);
    await closed.page.goto('/dashboard/contacts');
    await closed.page.waitForURL('**/login');
    expect(await closed.page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await closed.context.close();

    const remembered = await openPage(browser, baseURL);
    await remembered.page.goto('/login');
    await remembered.page.getByLabel('Email').fill('demo@caucus.local');
    await remembered.page.getByLabel('Password', { exact: true }).fill('caucus-demo');
    await remembered.page.getByLabel('Remember me').check();
    await remembered.page.getByRole('button', { name: 'Sign In' }).click();
    await remembered.page.waitForURL('**/dashboard');
    const longCookie = await sessionCookie(remembered.context);
    expect(longCookie.expires * 1000).toBeGreaterThan(Date.now() + 7 * 24 * 3600 * 1000);
    expect(await remembered.page.evaluate(() => localStorage.getItem('user'))).toContain('demo@caucus.local');

    const restarted = await restart(remembered.context);
    await restarted.page.goto('/dashboard/contacts');
    await restarted.page.getByRole('heading', { name: 'Contacts', exact: true }).waitFor();
    await restarted.context.close();
  });

  test("the spec's deep links land on the same screens", async () => {
    const { context, page } = await openPage(browser, baseURL);
    await logIn(page);
    await page.goto('/dashboard?section=campaigns');
    await page.waitForURL('**/dashboard/campaigns');
    await page.getByRole('heading', { name: 'Campaign Management' }).waitFor();

    const contacts = await page.evaluate(async () => {
      const response = await fetch('/api/contacts?limit=1', { credentials: 'include' });
      return (await response.json()).data.contacts;
    });
    const id = contacts[0].id;
    await page.goto(`/dashboard?section=contacts&contact=${id}&view=detail`);
    await page.waitForURL(`**/dashboard/contacts/${id}`);
    await page.getByText(contacts[0].lastName).first().waitFor();
    await context.close();
  });
});
