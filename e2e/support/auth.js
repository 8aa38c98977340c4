const { checkA11y } = require('./a11y');

const DEMO = { email: 'demo@caucus.local', password: 'caucus-demo' };

/** Signs in through the login page; `remember` ticks 'Remember me'. */
async function logIn(page, { email, password } = DEMO, { remember = false } = {}) {
  await page.goto('/login');
  await page.getByLabel('Email').waitFor();
  await checkA11y(page, 'login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Welcome Back!').waitFor();
  await page.waitForURL('**/dashboard', { timeout: 10_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await checkA11y(page, 'dashboard after sign-in');
}

module.exports = { DEMO, logIn };
