// Journey: a team, not a login. The owner invites a treasurer from Settings > Team; the invitee
// opens the emailed link in another browser, names themselves and joins; the treasurer sees only
// what the role allows (no Team, no Payment), edits a contact; the owner finds that change, with
// its author, in Settings > Audit.
const { randomUUID } = require('node:crypto');
const Database = require('better-sqlite3');
const { seedOwner } = require('../support/accounts');
const { launchBrowser, openPage, screenshot, checkA11y } = require('../support/browser');
const { latestEmailTo } = require('../support/outbox');

const baseURL = process.env.E2E_BASE_URL;

function invitationLink(address) {
  const email = latestEmailTo(address, 'team_invitation');
  if (!email) throw new Error(`no invitation email to ${address}`);
  return email.text.match(/https?:\/\/\S+\/invitation\?token=[\w%-]+/)[0];
}

/** A contact of the owner's account, written as a finished import leaves one. */
function seedContact(ownerEmail, lastName) {
  const db = new Database(process.env.E2E_SQLITE_FILE, { fileMustExist: true });
  try {
    const { account_id: accountId } = db
      .prepare('SELECT m.account_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = ?')
      .get(ownerEmail);
    const id = randomUUID();
    const now = Date.now();
    db.prepare(
      `INSERT INTO contacts (id, account_id, first_name, last_name, status, country, total_donated, tags, created_at, updated_at)
       VALUES (?, ?, 'Dana', ?, 'active', 'US', 0, '[]', ?, ?)`,
    ).run(id, accountId, lastName, now, now);
    return id;
  } finally {
    db.close();
  }
}

/** The page at a desktop's and a phone's width (the journey's own viewport comes back after). */
async function shots(page, name) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Errors a user would not see coming: the refusals this journey asks for are expected. */
const unexpected = (problems) => [...problems.pageErrors, ...problems.consoleErrors.filter((text) => !/Failed to load resource/.test(text))];

async function signIn(page, { email, password }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard', { timeout: 10_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe('team', () => {
  let browser;
  let owner;
  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await seedOwner({ prefix: 'team-owner', accountName: 'Rivera for Council', firstName: 'Rosa', lastName: 'Rivera' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('invite a treasurer, accept in another browser, see what the role allows, and find the change in the audit trail', async () => {
    const treasurerEmail = `team-treasurer-${Date.now()}@example.org`;
    const lastName = `Cole${Date.now() % 100000}`;
    const contactId = seedContact(owner.email, lastName);

    // The owner invites a treasurer.
    const ownerTab = await openPage(browser, baseURL);
    await signIn(ownerTab.page, owner);
    await ownerTab.page.goto('/dashboard/settings');
    await ownerTab.page.getByRole('link', { name: 'Team' }).click();
    await ownerTab.page.waitForURL('**/dashboard/settings/team');
    await ownerTab.page.getByText('1 of 2 users on the Growth plan').waitFor();
    await ownerTab.page.getByLabel('Email').fill(treasurerEmail);
    await ownerTab.page.getByLabel('Role', { exact: true }).selectOption('treasurer');
    await ownerTab.page.getByRole('button', { name: 'Invite user' }).click();
    await ownerTab.page.getByText('Invitation sent').first().waitFor();
    const pending = ownerTab.page.getByRole('list', { name: 'Pending invitations' });
    await pending.getByText(treasurerEmail).waitFor();
    await checkA11y(ownerTab.page, 'team settings');
    await shots(ownerTab.page, 'team-settings');

    // The plan is full now: one more is refused, naming the plan that allows more.
    await ownerTab.page.getByLabel('Email').fill(`team-extra-${Date.now()}@example.org`);
    await ownerTab.page.getByRole('button', { name: 'Invite user' }).click();
    await ownerTab.page.getByText(/The Team plan allows 5/).waitFor();
    await ownerTab.page.getByRole('link', { name: 'Upgrade the plan' }).waitFor();
    await shots(ownerTab.page, 'team-seat-limit');

    // The invitee, in a browser of their own, opens the emailed link and joins.
    const invitee = await openPage(browser, baseURL);
    await invitee.page.goto(invitationLink(treasurerEmail));
    await invitee.page.getByRole('button', { name: 'Join the team' }).waitFor();
    await checkA11y(invitee.page, 'invitation');
    await shots(invitee.page, 'team-invitation');
    await invitee.page.getByLabel('First name').fill('Sam');
    await invitee.page.getByLabel('Last name').fill('Lee');
    await invitee.page.getByLabel('Password', { exact: true }).fill('treasurer-2026');
    await invitee.page.getByRole('button', { name: 'Join the team' }).click();
    await invitee.page.waitForURL('**/dashboard', { timeout: 10_000 });

    // What a treasurer may do: no Team, no Payment in Settings; money and compliance, yes.
    await invitee.page.goto('/dashboard/settings');
    await invitee.page.getByRole('link', { name: 'Audit' }).waitFor();
    expect(await invitee.page.getByRole('link', { name: 'Team' }).count()).toBe(0);
    expect(await invitee.page.getByRole('link', { name: 'Payment' }).count()).toBe(0);
    await shots(invitee.page, 'team-treasurer-settings');
    const refused = await invitee.page.evaluate(async () => {
      const res = await fetch('/api/team/invitations', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'x@example.org', role: 'staff' }) });
      return { status: res.status, message: (await res.json()).message };
    });
    expect(refused).toEqual({ status: 403, message: 'Your role does not allow this (permission: team.write)' });

    // The treasurer corrects the contact's organization.
    await invitee.page.goto(`/dashboard/contacts/${contactId}/edit`);
    await invitee.page.getByLabel('Organization', { exact: true }).fill('Riverside Food Bank');
    await invitee.page.getByRole('button', { name: 'Update Contact' }).click();
    await invitee.page.getByText(/Riverside Food Bank/).first().waitFor({ timeout: 15_000 });

    // The owner sees the treasurer on the team, and the change in the audit trail, by name.
    await ownerTab.page.goto('/dashboard/settings/team');
    await ownerTab.page.getByRole('list', { name: 'Users' }).getByText('Sam Lee', { exact: true }).waitFor();
    await ownerTab.page.goto('/dashboard/settings/audit');
    await ownerTab.page.getByLabel('Record type').selectOption('contact');
    await ownerTab.page.getByRole('button', { name: 'Apply filters' }).click();
    const entry = ownerTab.page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').first();
    await entry.getByText('Contact changed').waitFor();
    await entry.getByText(/Sam Lee/).waitFor();
    await entry.getByText('Riverside Food Bank').waitFor();
    await checkA11y(ownerTab.page, 'audit');
    await shots(ownerTab.page, 'team-audit');

    expect(unexpected(ownerTab.problems)).toEqual([]);
    expect(unexpected(invitee.problems)).toEqual([]);
    await ownerTab.context.close();
    await invitee.context.close();
  }, 120_000);
});
