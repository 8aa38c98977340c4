// Journey: settings, reached from the top bar — validation texts, defaults, a save, and the real plan.
const { launchBrowser, openPage, screenshot } = require('../support/browser');
const { logIn } = require('../support/auth');

const baseURL = process.env.E2E_BASE_URL;

/**
 * Every visible toast's box against every button the user can press (buttons, button-styled links,
 * the top bar's and the page's): the pairs that overlap, described for the failure message. The
 * toast's own close button is left out.
 */
async function toastsOverButtons(page) {
  return page.evaluate(() => {
    const visible = (element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        box.width > 0 &&
        box.height > 0 &&
        style.visibility !== 'hidden' &&
        style.display !== 'none' &&
        box.bottom > 0 &&
        box.top < innerHeight &&
        box.right > 0 &&
        box.left < innerWidth
      );
    };
    const toasts = [...document.querySelectorAll('[role="status"], [role="alert"]')].filter(
      (toast) => toast.querySelector('button[aria-label="Close notification"]') && visible(toast),
    );
    const buttons = [...document.querySelectorAll('button, a[role="button"], input[type="submit"], a[class*="button"]')].filter(
      (button) => visible(button) && !toasts.some((toast) => toast.contains(button)),
    );
    const overlaps = [];
    for (const toast of toasts) {
      const t = toast.getBoundingClientRect();
      for (const button of buttons) {
        const b = button.getBoundingClientRect();
        if (t.left < b.right && b.left < t.right && t.top < b.bottom && b.top < t.bottom) {
          overlaps.push(`"${toast.textContent.trim().slice(0, 40)}" covers button "${(button.textContent || button.getAttribute('aria-label') || '').trim()}"`);
        }
      }
    }
    return { toasts: toasts.length, buttons: buttons.length, overlaps };
  });
}

describe('settings', () => {
  let browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('account and security validation, defaults, a save, and the real plan', async () => {
    const { context, page, problems } = await openPage(browser, baseURL);
    await logIn(page);
    await page
      .getByRole('button', { name: /settings/i })
      .first()
      .click();
    await page.waitForURL('**/dashboard/settings**');
    await screenshot(page, 'settings-overview');

    await page
      .getByRole('link', { name: /Account/ })
      .first()
      .click();
    await page.waitForURL('**/dashboard/settings/account');
    await expect(page.getByLabel('Timezone').inputValue()).resolves.toBe('America/New_York');
    await expect(page.getByLabel('Date format').inputValue()).resolves.toBe('MM/DD/YYYY');
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByLabel('First name').fill('Demo');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Account settings saved').waitFor();

    await page.goto('/dashboard/settings/security');
    await page.getByLabel('Current password').fill('caucus-demo');
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('New passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await screenshot(page, 'settings-security');

    await page.goto('/dashboard/settings/payment');
    await page.getByRole('tab', { name: /subscription/i }).click();
    // The demo account bought Growth at $200/month: the page shows that, not a sample plan.
    await page.getByText('Growth').first().waitFor();
    await page.getByText('$200/month').first().waitFor();
    expect(await page.getByText('$49/month').count()).toBe(0);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  // docs/product/first-run-and-settings.md: toasts never cover the page's primary buttons, on a laptop and on a phone.
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`a toast covers no button at ${viewport.width} px`, async () => {
      const { context, page, problems } = await openPage(browser, baseURL, { viewport });
      await logIn(page);
      await page.goto('/dashboard/settings/account');
      const save = page.getByRole('button', { name: 'Save Changes' });
      await save.click();
      await page.getByText('Account settings saved').waitFor();
      // Measured with the Save button still where the user pressed it, then at the top of the page.
      const afterSave = await toastsOverButtons(page);
      expect(afterSave.toasts).toBeGreaterThan(0);
      expect(afterSave.buttons).toBeGreaterThan(1);
      expect(afterSave.overlaps).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect((await toastsOverButtons(page)).overlaps).toEqual([]);
      await screenshot(page, `settings-toast-${viewport.width}`);
      expect(problems.pageErrors).toEqual([]);
      await context.close();
    });
  }
});
