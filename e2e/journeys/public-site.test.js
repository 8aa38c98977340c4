// Journeys on the public site: no dead link in the header or footer, and the contact form.
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');

const baseURL = process.env.E2E_BASE_URL;

describe('public site', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('public pages are prerendered: their text is in the first response, and they hydrate cleanly', async () => {
    for (const [pathname, heading] of [
      ['/', 'Caucus: raise more, organize better, win together'],
      ['/pricing', 'Simple pricing for every team'],
      ['/about', 'About Caucus'],
    ]) {
      // No JavaScript: the HTML as the server sends it.
      const response = await fetch(`${baseURL}${pathname}`, { headers: { Accept: 'text/html' } });
      const html = await response.text();
      expect({ pathname, status: response.status, hasHeading: html.includes(heading) }).toEqual({ pathname, status: 200, hasHeading: true });
    }

    for (const width of [1440, 390]) {
      const { context, page, problems } = await openPage(browser, baseURL, { viewport: { width, height: 900 } });
      await page.goto('/pricing');
      // Hydration has happened when the plans (loaded by React after it) are shown.
      await page.getByRole('heading', { name: 'Starter' }).waitFor({ timeout: 15_000 });
      if (width === 390) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('button', { name: 'Close menu' }).waitFor();
      }
      await screenshot(page, `public-pricing-hydrated-${width}`);
      // A mismatch between the prerendered HTML and the first client render is reported by React.
      expect(problems.consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
      expect(problems.pageErrors).toEqual([]);
      await context.close();
    }
  });

  test('every header and footer link opens a real page', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(page, 'public-home');
    const hrefs = await page.evaluate(() => {
      const links = [...document.querySelectorAll('header a[href], footer a[href]')];
      return [...new Set(links.map((link) => link.getAttribute('href')).filter((href) => href.startsWith('/')))];
    });
    // The header and footer list 23 distinct destinations (docs/product/screens.md, Public site).
    expect(hrefs.length).toBeGreaterThanOrEqual(20);
    for (const href of hrefs) {
      await page.goto(href);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
      await checkA11y(page, `public page ${href}`);
      expect({ href, notFound: await page.getByText('Page not found').count() }).toEqual({ href, notFound: 0 });
    }
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  test('the contact form sends a message, then offers to send another', async () => {
    const { context, page } = await openPage(browser, baseURL);
    await page.goto('/contact');
    await page.getByLabel(/full name/i).fill('Dana Whitfield');
    await page.getByLabel(/email/i).first().fill('dana@whitfield.example');
    await page.getByLabel(/subject/i).selectOption('partnership');
    await page.getByRole('textbox', { name: /^Message/ }).fill('We would like to talk about a county party partnership.');
    await page.getByRole('button', { name: /send message/i }).click();
    // Sent, refused with the server's message or stopped by a field's: either of those fails here
    // with its words, not after a timeout.
    const invalidFields = page.locator('[aria-invalid="true"]');
    await page.getByRole('button', { name: 'Send Another Message' }).or(page.getByRole('alert')).or(invalidFields).first().waitFor();
    expect(await page.getByRole('alert').allTextContents()).toEqual([]);
    expect(await invalidFields.evaluateAll((fields) => fields.map((field) => field.id))).toEqual([]);
    await screenshot(page, 'contact-sent');
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await expect(page.getByLabel(/full name/i).inputValue()).resolves.toBe('');
    await context.close();
  });

  test("the contact form shows the server's message when sending fails", async () => {
    const { context, page } = await openPage(browser, baseURL);
    // The only stand-in in the journeys: a failing server, which the real one is not on demand.
    await page.route('**/api/contact-form', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Messaging is down for maintenance' }) }),
    );
    await page.goto('/contact');
    await page.getByLabel(/full name/i).fill('Dana Whitfield');
    await page.getByLabel(/email/i).first().fill('dana@whitfield.example');
    await page.getByLabel(/subject/i).selectOption('support');
    await page.getByRole('textbox', { name: /^Message/ }).fill('Hello');
    await page.getByRole('button', { name: /send message/i }).click();
    await page.getByText('Messaging is down for maintenance').waitFor();
    await context.close();
  });
});
