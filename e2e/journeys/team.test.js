// Journey: a team, not a login. The owner invites a treasurer from Settings > Team; the invitee
// opens the emailed link in another browser, names themselves and joins, signs out and signs in
// again; the treasurer sees what the role allows (money, Audit, the gifts to review) and not what
// it hides (Team, Payment), edits a contact and changes a gift; the owner finds both changes, with
// their author and the field's label, in Settings > Audit.
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
    const { account_id: accountId } = db.prepare('SELECT m.account_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = ?').get(ownerEmail);
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

async function dataOf(response) {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()).data;
}

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
    // A gift the owner recorded, which the treasurer will correct.
    const run = Date.now() % 1_000_000;
    const { campaign } = await dataOf(
      await ownerTab.page.request.post('/api/campaigns', { data: { name: `Spring Appeal ${run}`, slug: `spring-appeal-${run}`, campaignType: 'fundraising' } }),
    );
    const { donation } = await dataOf(
      await ownerTab.page.request.post(`/api/contacts/${contactId}/donations`, {
        data: { donationAmount: 100, campaignId: campaign.id, donationDate: '2026-03-02', paymentMethod: 'check', checkNumber: '1001', status: 'completed' },
      }),
    );
    expect(donation.needsReview).toBe(false);
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

    // Joining signed them in; they sign out and in again with the password they chose.
    expect((await invitee.page.request.post('/api/auth/logout', { headers: { 'X-Requested-With': 'fetch' } })).ok()).toBe(true);
    await invitee.context.clearCookies();
    await signIn(invitee.page, { email: treasurerEmail, password: 'treasurer-2026' });

    // What a treasurer may do: no Team, no Payment in Settings; money and compliance, yes.
    await invitee.page.goto('/dashboard/settings');
    await invitee.page.getByRole('link', { name: 'Audit' }).waitFor();
    expect(await invitee.page.getByRole('link', { name: 'Team' }).count()).toBe(0);
    expect(await invitee.page.getByRole('link', { name: 'Payment' }).count()).toBe(0);
    await shots(invitee.page, 'team-treasurer-settings');
    const refused = await invitee.page.evaluate(async () => {
      const res = await fetch('/api/team/invitations', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'x@example.org', role: 'staff' }),
      });
      return { status: res.status, message: (await res.json()).message };
    });
    expect(refused).toEqual({ status: 403, message: 'Your role does not allow this (permission: team.write)' });

    // Money is the treasurer's: the Financials section offers the gifts Staff entered to review.
    await invitee.page.goto('/dashboard/financials');
    await invitee.page.getByRole('heading', { level: 1, name: 'Financials' }).waitFor({ timeout: 15_000 });
    // (No committee yet in this account: the queue shows under the empty state, not as a tab.)
    await invitee.page.getByRole('heading', { name: /^Gifts to review/ }).waitFor({ timeout: 15_000 });

    // The treasurer corrects the contact's organization.
    await invitee.page.goto(`/dashboard/contacts/${contactId}/edit`);
    await invitee.page.getByLabel('Organization', { exact: true }).fill('Riverside Food Bank');
    await invitee.page.getByRole('button', { name: 'Update Contact' }).click();
    await invitee.page
      .getByText(/Riverside Food Bank/)
      .first()
      .waitFor({ timeout: 15_000 });

    // The treasurer corrects the gift's amount: $100 was $150.
    await invitee.page.goto(`/dashboard/contacts/${contactId}/edit`);
    await invitee.page.getByRole('tab', { name: 'Financials' }).click();
    await invitee.page.getByRole('tab', { name: /^Donations/ }).click();
    await invitee.page.getByRole('button', { name: 'Edit donation of $100.00' }).click();
    const form = invitee.page.getByRole('dialog', { name: 'Edit Donation' });
    await form.getByLabel('Donation Amount').fill('150');
    await form.getByRole('button', { name: 'Update Donation' }).click();
    await invitee.page.getByRole('button', { name: 'Edit donation of $150.00' }).waitFor({ timeout: 15_000 });
    // The gift's own History shows the change, labelled.
    await invitee.page.getByRole('button', { name: 'History of donation of $150.00' }).click();
    const giftHistory = invitee.page.getByRole('dialog', { name: /History of the gift/ });
    await giftHistory.getByText('Amount: $100.00 → $150.00').waitFor({ timeout: 15_000 });
    await shots(invitee.page, 'team-gift-history');
    await giftHistory.getByRole('button', { name: /Close/ }).click();

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

    // And the gift's change, by the treasurer, with the field by its label.
    await ownerTab.page.getByLabel('Record type').selectOption('donation');
    await ownerTab.page.getByRole('button', { name: 'Apply filters' }).click();
    const gift = ownerTab.page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').first();
    await gift.getByText('Gift changed').waitFor({ timeout: 15_000 });
    await gift.getByText(/Sam Lee/).waitFor();
    // From which session: the treasurer's browser, as Settings > Security names it.
    await gift.getByText(/Sam Lee · from Headless Chrome on Linux/).waitFor();
    await gift.getByText('Amount', { exact: true }).waitFor();
    await gift.getByText('$150.00', { exact: true }).waitFor();
    await checkA11y(ownerTab.page, 'audit');
    await shots(ownerTab.page, 'team-audit');

    expect(unexpected(ownerTab.problems)).toEqual([]);
    expect(unexpected(invitee.problems)).toEqual([]);
    await ownerTab.context.close();
    await invitee.context.close();
  }, 120_000);
});
