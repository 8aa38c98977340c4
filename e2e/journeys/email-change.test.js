// Journey: changing the sign-in email with a user of its own (never the demo account). Settings >
// Account asks for the password and says to check the new address; the link in that email makes the
// change; the link sent to the old address undoes it, signs every session out and takes a new password.
const { seedOwner } = require('../support/accounts');
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { latestEmailTo } = require('../support/outbox');

const baseURL = process.env.E2E_BASE_URL;

function linkIn(address, kind, page) {
  const email = latestEmailTo(address, kind);
  if (!email) throw new Error(`no ${kind} email to ${address}`);
  return email.text.match(new RegExp(`https?://\\S+/${page}\\?token=[\\w-]+`))[0];
}

async function signIn(page, { email, password }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard', { timeout: 10_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe('changing the sign-in email', () => {
  let browser;
  let user;
  beforeAll(async () => {
    browser = await launchBrowser();
    user = await seedOwner({ prefix: 'email-change', accountName: 'Email Change Committee', firstName: 'Eli', lastName: 'Mover' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('password asked, new address confirmed by its link, then undone from the old address', async () => {
    const newEmail = `moved-${Date.now()}@example.net`;
    const owner = await openPage(browser, baseURL);
    await signIn(owner.page, user);
    await owner.page.goto('/dashboard/settings/account');
    const email = owner.page.getByRole('textbox', { name: /^Email/ });
    await email.fill(newEmail);
    // A session alone cannot change it: the page asks for the password, and a wrong one is refused.
    await owner.page.getByLabel('Current password').fill('not-my-password');
    await owner.page.getByRole('button', { name: 'Save Changes' }).click();
    await owner.page.getByText('Current password is incorrect').waitFor();
    await owner.page.getByLabel('Current password').fill(user.password);
    await owner.page.getByRole('button', { name: 'Save Changes' }).click();
    await owner.page
      .getByRole('status')
      .filter({ hasText: `Check ${newEmail} to confirm the change. Until then you sign in with ${user.email}.` })
      .waitFor();
    // The form takes the saved profile back once it is read again, a moment after the message.
    await owner.page
      .waitForFunction(([field, saved]) => field.value === saved, [await email.elementHandle(), user.email], { timeout: 10_000 })
      .catch(() => undefined);
    expect(await email.inputValue()).toBe(user.email);
    await screenshot(owner.page, 'email-change-pending');

    // The link sent to the new address makes the change (on a click: opening it changes nothing).
    const inbox = await openPage(browser, baseURL);
    await inbox.page.goto(linkIn(newEmail, 'email_change_confirm', 'confirm-email'));
    await inbox.page.getByRole('button', { name: 'Confirm new email' }).waitFor();
    await checkA11y(inbox.page, 'confirm email');
    await inbox.page.getByRole('button', { name: 'Confirm new email' }).click();
    await inbox.page.getByText('Your sign-in email was changed.').waitFor();
    await inbox.page.getByText(`You now sign in to Caucus with ${newEmail}.`).waitFor();
    await screenshot(inbox.page, 'email-change-confirmed');
    await inbox.context.close();

    // The old address was told, with a link that undoes it and locks out whoever made it.
    const oldInbox = await openPage(browser, baseURL);
    await oldInbox.page.goto(linkIn(user.email, 'email_change_notice', 'undo-email-change'));
    await oldInbox.page.getByLabel('New password').waitFor();
    await checkA11y(oldInbox.page, 'undo email change');
    await oldInbox.page.getByLabel('New password').fill('taken-back-password-1');
    await oldInbox.page.getByLabel('Confirm password').fill('taken-back-password-1');
    await oldInbox.page.getByRole('button', { name: 'Undo the change and sign everyone out' }).click();
    await oldInbox.page.getByText(`Your sign-in email is ${user.email} again`).waitFor();
    await screenshot(oldInbox.page, 'email-change-undone');

    // Every session ended: the settings tab is sent to the login page on its next request.
    await owner.page.reload();
    await owner.page.waitForURL('**/login**', { timeout: 10_000 });
    user.password = 'taken-back-password-1';
    await signIn(oldInbox.page, user);
    expect([...owner.problems.pageErrors, ...inbox.problems.pageErrors, ...oldInbox.problems.pageErrors]).toEqual([]);
    await owner.context.close();
    await oldInbox.context.close();
  });
});
