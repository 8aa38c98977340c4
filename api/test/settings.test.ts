import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { PASSWORD_CHANGED, READ_ONLY_CANCELED, READ_ONLY_UNPAID, WRONG_CURRENT_PASSWORD } from '@caucus/contract';
import { newId } from '../src/lib/ids';
import { createPasswordHasher } from '../src/modules/auth/passwords';
import { localProvider } from '../src/modules/billing/providers';
import { createBillingRepository } from '../src/modules/billing/repository';
import { createMailer } from '../src/modules/email';
import { createCodeChecker } from '../src/modules/auth/twoFactorCodes';
import { createTwoFactorRepository } from '../src/modules/auth/twoFactorRepository';
import { createEmailChangeService } from '../src/modules/settings/emailChange';
import { createEmailChangeRepository } from '../src/modules/settings/emailChangeRepository';
import { createSettingsRepository } from '../src/modules/settings/repository';
import { createSettingsService, PORTAL_UNAVAILABLE, type StripePortalClient } from '../src/modules/settings/service';
import { HttpError } from '../src/http/errors';
import { addMembership, createAccountWithUser, insertCampaign, insertContact, TEST_HASH_COST, type LoggedIn, type TestMember } from './helpers/fixtures';
import { freshApp } from './helpers/twoAccountApp';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_MAC_NEWER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const ctx = freshApp();
let knex: Knex, app: Koa;

beforeAll(() => ({ knex, app } = ctx));

const http = () => request(app.callback());

async function signIn(member: TestMember, userAgent = CHROME_MAC, password = member.password): Promise<LoggedIn> {
  const res = await http().post('/api/auth/login').set('User-Agent', userAgent).send({ email: member.email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...member, token: res.body.data.token as string, cookie: '' };
}

const as = (who: LoggedIn) => ({ Authorization: `Bearer ${who.token}` });

async function emailsTo(to: string, kind: string): Promise<Array<{ subject: string; text: string }>> {
  return knex('email_outbox').where({ to, kind }).select('subject', 'text');
}

async function addSubscription(accountId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const id = newId();
  const now = new Date();
  await knex('subscriptions').insert({
    id,
    accountId,
    planId: 'growth',
    provider: 'local',
    providerCustomerId: null,
    providerSubscriptionId: null,
    checkoutSessionId: null,
    status: 'active',
    currentPeriodEnd: new Date(now.getTime() + 20 * 24 * 3600 * 1000),
    cancelAtPeriodEnd: false,
    createdAt: now,
    updatedAt: now,
    ...fields,
  });
  return id;
}

describe('account settings', () => {
  test('read, save, and the timezone and date format the workspace exposes', async () => {
    const me = await signIn(await createAccountWithUser(knex));
    const read = await http().get('/api/settings/account').set(as(me));
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({
      firstName: me.firstName,
      lastName: me.lastName,
      email: me.email,
      phone: '',
      timezone: 'America/New_York',
      language: 'en',
      dateFormat: 'MM/DD/YYYY',
      pendingEmail: null,
    });

    const saved = await http().put('/api/settings/account').set(as(me)).send({
      firstName: ' Dana ',
      lastName: 'Rivera',
      email: me.email.toUpperCase(),
      phone: '555-0100',
      timezone: 'America/Los_Angeles',
      language: 'es',
      dateFormat: 'YYYY-MM-DD',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ firstName: 'Dana', email: me.email, phone: '555-0100', timezone: 'America/Los_Angeles', dateFormat: 'YYYY-MM-DD' });

    const workspace = await http().get('/api/settings/workspace').set(as(me));
    expect(workspace.body.data).toMatchObject({ timezone: 'America/Los_Angeles', dateFormat: 'YYYY-MM-DD', language: 'es' });
    const session = await http().get('/api/auth/me').set(as(me));
    expect(session.body.data.user).toMatchObject({ firstName: 'Dana', lastName: 'Rivera' });
  });

  test("timezone, language and date format are the user's own; the workspace's stay the default of its other users", async () => {
    const owner = await createAccountWithUser(knex);
    const me = await signIn(owner);
    const colleague = await createAccountWithUser(knex);
    await addMembership(knex, owner.accountId, colleague.userId);
    const them = await signIn(colleague);
    const inWorkspace = { ...as(them), 'X-Account-Id': owner.accountId };
    await knex('accounts').where('id', owner.accountId).update({ timezone: 'America/Chicago', dateFormat: 'DD/MM/YYYY' });

    // Nothing chosen yet: the workspace's.
    expect((await http().get('/api/settings/account').set(as(me))).body.data).toMatchObject({ timezone: 'America/Chicago', dateFormat: 'DD/MM/YYYY' });
    const body = {
      firstName: 'Dana',
      lastName: 'Rivera',
      email: me.email,
      phone: '',
      timezone: 'America/Los_Angeles',
      language: 'en',
      dateFormat: 'YYYY-MM-DD',
    };
    expect((await http().put('/api/settings/account').set(as(me)).send(body)).status).toBe(200);

    expect((await http().get('/api/settings/workspace').set(as(me))).body.data).toMatchObject({ timezone: 'America/Los_Angeles', dateFormat: 'YYYY-MM-DD' });
    // The colleague in the same workspace, and the workspace itself, are unchanged.
    const theirs = await http().get('/api/settings/workspace').set(inWorkspace);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toMatchObject({ organizationName: owner.accountName, timezone: 'America/Chicago', dateFormat: 'DD/MM/YYYY' });
    expect((await http().get('/api/settings/account').set(inWorkspace)).body.data).toMatchObject({ timezone: 'America/Chicago', dateFormat: 'DD/MM/YYYY' });
    expect(await knex('accounts').where('id', owner.accountId).first('timezone', 'dateFormat')).toEqual({
      timezone: 'America/Chicago',
      dateFormat: 'DD/MM/YYYY',
    });
    // Other preferences on the same row survive the save.
    expect((await http().put('/api/settings/notifications').set(as(me)).send({ newDonations: false })).status).toBe(200);
    expect(
      (
        await http()
          .put('/api/settings/account')
          .set(as(me))
          .send({ ...body, timezone: 'America/Denver' })
      ).status,
    ).toBe(200);
    expect((await http().get('/api/settings/notifications').set(as(me))).body.data.newDonations).toBe(false);
    expect((await http().get('/api/settings/workspace').set(as(me))).body.data.timezone).toBe('America/Denver');
  });

  test('bad input is refused with the spec texts and changes nothing', async () => {
    const me = await signIn(await createAccountWithUser(knex));
    const valid = { firstName: 'A', lastName: 'B', email: me.email, phone: '', timezone: 'America/New_York', language: 'en', dateFormat: 'MM/DD/YYYY' };
    for (const [body, field, message] of [
      [{ ...valid, firstName: ' ' }, 'firstName', 'First name is required'],
      [{ ...valid, lastName: '' }, 'lastName', 'Last name is required'],
      [{ ...valid, email: '' }, 'email', 'Email is required'],
      [{ ...valid, email: 'not-an-address' }, 'email', 'Please enter a valid email address'],
      [{ ...valid, timezone: 'Mars/Olympus' }, 'timezone', 'Please choose a timezone'],
      [{ ...valid, dateFormat: 'DD.MM.YY' }, 'dateFormat', 'Please choose a date format'],
    ] as const) {
      const res = await http().put('/api/settings/account').set(as(me)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.details[field]).toBe(message);
    }
    const other = await createAccountWithUser(knex);
    const taken = await http()
      .put('/api/settings/account')
      .set(as(me))
      .send({ ...valid, email: other.email });
    expect(taken.status).toBe(409);
    const after = await http().get('/api/settings/account').set(as(me));
    expect(after.body.data).toMatchObject({ firstName: me.firstName, email: me.email, timezone: 'America/New_York' });
  });
});

describe('organization settings', () => {
  test('saved, read back, and shown as the name the frame and session use', async () => {
    const me = await signIn(await createAccountWithUser(knex, { accountName: 'Old Name' }));
    const read = await http().get('/api/settings/organization').set(as(me));
    expect(read.body.data).toMatchObject({
      name: 'Old Name',
      type: 'political',
      country: 'United States',
      primaryColor: '#667eea',
      secondaryColor: '#764ba2',
      logo: null,
    });

    const logo = `data:image/png;base64,${Buffer.from('png-bytes').toString('base64')}`;
    const body = {
      name: 'Rivera for Council',
      type: 'non-profit',
      website: 'https://rivera.example',
      description: 'Neighbors for Rivera',
      street: '1 Main St',
      city: 'Arlington',
      state: 'VA',
      zip: '22201',
      country: 'Canada',
      taxId: '12-3456789',
      timezone: 'America/Denver',
      primaryColor: '#112233',
      secondaryColor: '#445566',
      logo,
      favicon: null,
    };
    const saved = await http().put('/api/settings/organization').set(as(me)).send(body);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(body);
    // The workspace's timezone: the default of a member who has not chosen one (here, this one).
    expect((await http().get('/api/settings/account').set(as(me))).body.data.timezone).toBe('America/Denver');
    // Left out of a save, it is kept.
    const { timezone: _kept, ...withoutTimezone } = body;
    expect((await http().put('/api/settings/organization').set(as(me)).send(withoutTimezone)).body.data.timezone).toBe('America/Denver');
    expect((await http().get('/api/settings/workspace').set(as(me))).body.data).toMatchObject({
      organizationName: 'Rivera for Council',
      logo,
      primaryColor: '#112233',
    });
    expect((await http().get('/api/auth/me').set(as(me))).body.data.accounts[0].name).toBe('Rivera for Council');
  });

  test('requires name and type; bad values change nothing', async () => {
    const me = await signIn(await createAccountWithUser(knex, { accountName: 'Kept Name' }));
    const base = (await http().get('/api/settings/organization').set(as(me))).body.data;
    for (const [body, field, message] of [
      [{ ...base, name: '' }, 'name', 'Organization name is required'],
      [{ ...base, type: '' }, 'type', 'Organization type is required'],
      [{ ...base, website: 'javascript:alert(1)' }, 'website', 'Please enter a website address starting with http:// or https://'],
      [{ ...base, primaryColor: 'red' }, 'primaryColor', 'Please choose a color'],
      [{ ...base, timezone: 'Europe/London' }, 'timezone', 'Please choose a timezone'],
      [{ ...base, logo: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'logo', 'Please select an image file'],
      [{ ...base, extra: 1 }, '_', undefined],
    ] as const) {
      const res = await http().put('/api/settings/organization').set(as(me)).send(body);
      expect(res.status).toBe(400);
      if (message) expect(res.body.details[field]).toBe(message);
    }
    expect((await http().get('/api/settings/organization').set(as(me))).body.data).toEqual(base);
  });
});

describe('password change', () => {
  test('guessing the current password hits the login limit, and the login is locked too', async () => {
    const member = await createAccountWithUser(knex);
    const here = await signIn(member, CHROME_MAC);
    for (let i = 0; i < 10; i += 1) {
      const res = await http()
        .post('/api/settings/password')
        .set(as(here))
        .send({ currentPassword: `guess-${i}`, newPassword: 'brand-new-secret' });
      expect(res.status).toBe(400);
    }
    const guessed = await http().post('/api/settings/password').set(as(here)).send({ currentPassword: member.password, newPassword: 'brand-new-secret' });
    expect(guessed.status).toBe(429);
    expect((await http().post('/api/auth/login').send({ email: member.email, password: member.password })).status).toBe(429);
    expect((await http().post('/api/auth/login').send({ email: member.email, password: 'brand-new-secret' })).status).toBe(429);
  });

  test('verifies the current password, signs out every other session, and says so', async () => {
    const member = await createAccountWithUser(knex);
    const here = await signIn(member, CHROME_MAC);
    const elsewhere = await signIn(member, FIREFOX_WINDOWS);

    const wrong = await http().post('/api/settings/password').set(as(here)).send({ currentPassword: 'not-it', newPassword: 'brand-new-secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: WRONG_CURRENT_PASSWORD, details: { currentPassword: WRONG_CURRENT_PASSWORD } });
    // A failed sign-in of the address: a stolen session cannot guess the password here past the login's limit.
    expect(await knex('login_attempts').where({ email: member.email, kind: 'login', success: false })).toHaveLength(1);
    const short = await http().post('/api/settings/password').set(as(here)).send({ currentPassword: member.password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.details.newPassword).toBe('Password must be at least 8 characters long');
    // Neither attempt changed anything: the other session still works and the old password signs in.
    expect((await http().get('/api/auth/me').set(as(elsewhere))).status).toBe(200);
    await signIn(member, CHROME_MAC);

    const changed = await http().post('/api/settings/password').set(as(here)).send({ currentPassword: member.password, newPassword: 'brand-new-secret' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ message: PASSWORD_CHANGED, signedOut: 2 });
    expect((await http().get('/api/auth/me').set(as(elsewhere))).status).toBe(401);
    expect((await http().get('/api/auth/me').set(as(here))).status).toBe(200);
    const old = await http().post('/api/auth/login').send({ email: member.email, password: member.password });
    expect(old.status).toBe(401);
    const now = await signIn(member, CHROME_MAC, 'brand-new-secret');
    expect(await emailsTo(member.email, 'password_changed')).toHaveLength(1);

    // With the alert turned off, the next change sends none.
    expect((await http().put('/api/settings/notifications').set(as(now)).send({ loginAlertPasswordChanged: false })).status).toBe(200);
    const quiet = await http().post('/api/settings/password').set(as(now)).send({ currentPassword: 'brand-new-secret', newPassword: 'another-new-secret' });
    expect(quiet.status).toBe(200);
    expect(await emailsTo(member.email, 'password_changed')).toHaveLength(1);
  });
});

describe('active sessions', () => {
  test("listed from the sessions table with browser and OS; each can be signed out; another user's id is 404", async () => {
    const member = await createAccountWithUser(knex);
    const mac = await signIn(member, CHROME_MAC);
    await signIn(member, SAFARI_IPHONE);
    await signIn(member, FIREFOX_WINDOWS);
    const stranger = await signIn(await createAccountWithUser(knex), CHROME_MAC);

    const list = await http().get('/api/settings/sessions').set(as(mac));
    expect(list.status).toBe(200);
    const sessions = list.body.data.sessions as Array<{ id: string; browser: string; os: string; current: boolean; lastActiveAt: string | null }>;
    expect(sessions.map((s) => `${s.browser} on ${s.os}`).sort()).toEqual(['Chrome on macOS', 'Firefox on Windows', 'Safari on iPhone']);
    expect(sessions.filter((s) => s.current).map((s) => s.browser)).toEqual(['Chrome']);
    expect(sessions.every((s) => s.lastActiveAt !== null)).toBe(true);

    const strangers = (await http().get('/api/settings/sessions').set(as(stranger))).body.data.sessions as Array<{ id: string }>;
    const notMine = await http().delete(`/api/settings/sessions/${strangers[0]!.id}`).set(as(mac));
    expect(notMine.status).toBe(404);
    expect((await http().get('/api/auth/me').set(as(stranger))).status).toBe(200);
    expect((await http().delete('/api/settings/sessions/not-an-id').set(as(mac))).status).toBe(404);

    const iphone = sessions.find((s) => s.browser === 'Safari')!;
    expect((await http().delete(`/api/settings/sessions/${iphone.id}`).set(as(mac))).status).toBe(200);
    expect((await http().delete(`/api/settings/sessions/${iphone.id}`).set(as(mac))).status).toBe(404);
    expect((await http().get('/api/settings/sessions').set(as(mac))).body.data.sessions).toHaveLength(2);

    const others = await http().post('/api/settings/sessions/sign-out-others').set(as(mac));
    expect(others.body.data).toEqual({ message: 'Other sessions were signed out.', signedOut: 1 });
    const left = (await http().get('/api/settings/sessions').set(as(mac))).body.data.sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });
});

describe('login alerts and notification preferences', () => {
  test('a sign-in from a new browser queues an email when enabled; a known browser does not', async () => {
    const member = await createAccountWithUser(knex);
    const first = await signIn(member, CHROME_MAC);
    expect(await emailsTo(member.email, 'login_alert')).toHaveLength(0);
    await signIn(member, CHROME_MAC_NEWER);
    expect(await emailsTo(member.email, 'login_alert')).toHaveLength(0);
    await signIn(member, FIREFOX_WINDOWS);
    const alerts = await emailsTo(member.email, 'login_alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('Firefox on Windows');

    const off = await http().put('/api/settings/notifications').set(as(first)).send({ loginAlertNewBrowser: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ loginAlertNewBrowser: false, loginAlertPasswordChanged: true, newDonations: true });
    await signIn(member, SAFARI_IPHONE);
    expect(await emailsTo(member.email, 'login_alert')).toHaveLength(1);
  });

  test('preferences are per user, partial saves merge, and bad input changes nothing', async () => {
    const me = await signIn(await createAccountWithUser(knex));
    const other = await signIn(await createAccountWithUser(knex));
    await http().put('/api/settings/notifications').set(as(me)).send({ newDonations: false });
    expect((await http().get('/api/settings/notifications').set(as(me))).body.data).toEqual({
      emailNotifications: true,
      campaignUpdates: true,
      newDonations: false,
      loginAlertNewBrowser: true,
      loginAlertPasswordChanged: true,
    });
    expect((await http().get('/api/settings/notifications').set(as(other))).body.data).toMatchObject({ newDonations: true });
    // The sample's switches with no email behind them are not accepted.
    for (const body of [{ newDonations: 'no' }, { unknown: true }, { weeklyReports: true }, { pushNotifications: true }, {}]) {
      expect((await http().put('/api/settings/notifications').set(as(me)).send(body)).status).toBe(400);
    }
    expect((await http().get('/api/settings/notifications').set(as(me))).body.data).toMatchObject({ newDonations: false });
  });

  describe('notice emails honour each member', () => {
    async function workspaceOfThree() {
      const owner = await createAccountWithUser(knex);
      const treasurer = await createAccountWithUser(knex);
      const volunteer = await createAccountWithUser(knex);
      await addMembership(knex, owner.accountId, treasurer.userId);
      await addMembership(knex, owner.accountId, volunteer.userId);
      const inWorkspace = async (member: TestMember) => ({ ...as(await signIn(member)), 'X-Account-Id': owner.accountId });
      return {
        owner,
        treasurer,
        volunteer,
        headers: { owner: await inWorkspace(owner), treasurer: await inWorkspace(treasurer), volunteer: await inWorkspace(volunteer) },
      };
    }
    const give = (headers: Record<string, string>, contactId: string, campaignId: string, donationAmount: number, extra: Record<string, unknown> = {}) =>
      http()
        .post(`/api/contacts/${contactId}/donations`)
        .set(headers)
        .send({ donationAmount, donationDate: '2026-11-30', campaignId, ...extra });

    test('new donation: to the colleagues who want it, never to the person who recorded it', async () => {
      const { owner, treasurer, volunteer, headers } = await workspaceOfThree();
      const contactId = await insertContact(knex, owner.accountId, { firstName: 'Grace', lastName: 'Hopper' });
      const campaignId = await insertCampaign(knex, owner.accountId, { name: 'General Fund', fundraisingGoal: 100000 });
      expect((await http().put('/api/settings/notifications').set(headers.volunteer).send({ newDonations: false })).status).toBe(200);

      expect((await give(headers.owner, contactId, campaignId, 250)).status).toBe(201);
      expect(await emailsTo(owner.email, 'new_donation')).toHaveLength(0);
      expect(await emailsTo(volunteer.email, 'new_donation')).toHaveLength(0);
      const told = await emailsTo(treasurer.email, 'new_donation');
      expect(told).toHaveLength(1);
      expect(told[0]!.subject).toBe('New donation: $250.00 from Grace Hopper');
      expect(told[0]!.text).toContain(`${owner.firstName} recorded a donation of $250.00 from Grace Hopper to General Fund, dated Nov 30, 2026.`);

      // The Account page's "Email notifications" switch silences every notice.
      expect((await http().put('/api/settings/notifications').set(headers.treasurer).send({ emailNotifications: false })).status).toBe(200);
      expect((await give(headers.volunteer, contactId, campaignId, 10)).status).toBe(201);
      expect(await emailsTo(treasurer.email, 'new_donation')).toHaveLength(1);
      expect(await emailsTo(owner.email, 'new_donation')).toHaveLength(1);

      // A refused donation sends nothing.
      expect((await give(headers.volunteer, contactId, campaignId, -5)).status).toBe(400);
      expect(await emailsTo(owner.email, 'new_donation')).toHaveLength(1);
    });

    test('campaign reached its goal: once, on the gift that crossed it, to the members who want campaign updates', async () => {
      const { owner, treasurer, volunteer, headers } = await workspaceOfThree();
      const contactId = await insertContact(knex, owner.accountId, { firstName: 'Ada' });
      const campaignId = await insertCampaign(knex, owner.accountId, { name: 'Spring Drive', fundraisingGoal: 500 });
      expect((await http().put('/api/settings/notifications').set(headers.volunteer).send({ campaignUpdates: false })).status).toBe(200);

      expect((await give(headers.owner, contactId, campaignId, 300)).status).toBe(201);
      // Pending money is not counted: no goal yet.
      expect((await give(headers.owner, contactId, campaignId, 300, { status: 'pending', confirmDuplicate: true })).status).toBe(201);
      expect(await emailsTo(owner.email, 'campaign_goal_reached')).toHaveLength(0);
      expect((await give(headers.owner, contactId, campaignId, 200.5)).status).toBe(201);
      for (const member of [owner, treasurer]) {
        const reached = await emailsTo(member.email, 'campaign_goal_reached');
        expect(reached).toHaveLength(1);
        expect(reached[0]!.subject).toBe('Spring Drive reached its goal of $500.00');
        expect(reached[0]!.text).toContain('Spring Drive has raised $500.50');
      }
      expect(await emailsTo(volunteer.email, 'campaign_goal_reached')).toHaveLength(0);
      // Past the goal already: no second notice.
      expect((await give(headers.owner, contactId, campaignId, 50)).status).toBe(201);
      expect(await emailsTo(owner.email, 'campaign_goal_reached')).toHaveLength(1);
    });
  });
});

describe('billing', () => {
  test('the real plan, price, status, renewal and invoices; nothing invented', async () => {
    const me = await signIn(await createAccountWithUser(knex));
    const none = await http().get('/api/settings/billing').set(as(me));
    expect(none.body.data).toEqual({ subscription: null, readOnly: false, invoices: [], portalAvailable: false });

    const renews = new Date('2026-12-24T15:00:00.000Z');
    await knex('checkout_sessions').insert({
      id: 'cs_local_paid1',
      accountId: me.accountId,
      userId: me.userId,
      planId: 'growth',
      provider: 'local',
      status: 'complete',
      amount: 200,
      currency: 'usd',
      createdAt: new Date('2026-11-24T15:00:00.000Z'),
      completedAt: new Date('2026-11-24T15:01:00.000Z'),
    });
    await addSubscription(me.accountId, { checkoutSessionId: 'cs_local_paid1', currentPeriodEnd: renews });
    const billing = await http().get('/api/settings/billing').set(as(me));
    expect(billing.body.data).toEqual({
      subscription: {
        planId: 'growth',
        planName: 'Growth',
        price: 200,
        currency: 'usd',
        status: 'active',
        renewsAt: renews.toISOString(),
        cancelAtPeriodEnd: false,
        provider: 'local',
      },
      readOnly: false,
      invoices: [{ id: 'cs_local_paid1', date: '2026-11-24T15:01:00.000Z', planName: 'Growth', amount: 200, currency: 'usd', status: 'paid' }],
      portalAvailable: false,
    });
  });

  test('offline, a plan change goes through the local checkout; the portal needs Stripe', async () => {
    const me = await signIn(await createAccountWithUser(knex));
    const portal = await http().post('/api/settings/billing/portal').set(as(me)).send({});
    expect(portal.status).toBe(409);
    expect((await http().post('/api/settings/billing/checkout').set(as(me)).send({ planId: 'nope' })).status).toBe(404);
    expect((await http().post('/api/settings/billing/checkout').set(as(me)).send({})).status).toBe(400);

    const checkout = await http().post('/api/settings/billing/checkout').set(as(me)).send({ planId: 'team' });
    expect(checkout.status).toBe(200);
    expect(checkout.body.data.url).toMatch(/^\/api\/billing\/local-checkout\/cs_local_/);
    const sessionId = (checkout.body.data.url as string).split('/').pop()!;
    const page = await http().post(`/api/billing/local-checkout/${sessionId}/pay`);
    expect(page.status).toBe(303);
    const verified = await http().get(`/api/billing/checkout-session/${sessionId}`);
    expect(verified.status).toBe(200);
    const billing = (await http().get('/api/settings/billing').set(as(me))).body.data;
    expect(billing.subscription).toMatchObject({ planId: 'team', planName: 'Team', price: 300, status: 'active' });
    expect(billing.invoices).toHaveLength(1);
  });
});

describe('a cancelled or long-unpaid subscription makes the workspace read-only', () => {
  test('cancelled: writes answer 402, reads and renewal still work, nothing deleted', async () => {
    const me = await signIn(await createAccountWithUser(knex));
    await insertContact(knex, me.accountId, { firstName: 'Kept' });
    await addSubscription(me.accountId, { status: 'canceled' });

    const refused = await http().post('/api/contacts').set(as(me)).send({ firstName: 'New' });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(READ_ONLY_CANCELED);
    const list = await http().get('/api/contacts').set(as(me));
    expect(list.status).toBe(200);
    expect(list.body.data.contacts.map((c: { firstName: string }) => c.firstName)).toEqual(['Kept']);
    expect((await http().put('/api/settings/organization').set(as(me)).send({})).status).toBe(402);
    expect((await http().get('/api/settings/workspace').set(as(me))).body.data.subscription).toEqual({
      status: 'canceled',
      readOnly: true,
      message: READ_ONLY_CANCELED,
    });
    // Renewing and security stay open.
    expect((await http().post('/api/settings/billing/checkout').set(as(me)).send({ planId: 'growth' })).status).toBe(200);
    expect((await http().post('/api/settings/sessions/sign-out-others').set(as(me))).status).toBe(200);
  });

  test('past due: full access within the grace period, read-only after it', async () => {
    const me = await signIn(await createAccountWithUser(knex));
    const day = 24 * 3600 * 1000;
    const id = await addSubscription(me.accountId, { status: 'past_due', currentPeriodEnd: new Date(Date.now() - 3 * day) });
    expect((await http().post('/api/contacts').set(as(me)).send({ firstName: 'Within grace' })).status).toBe(201);
    await knex('subscriptions')
      .where({ id })
      .update({ currentPeriodEnd: new Date(Date.now() - 8 * day) });
    const refused = await http().post('/api/contacts').set(as(me)).send({ firstName: 'Past grace' });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(READ_ONLY_UNPAID);
    // The other account is not affected.
    const other = await signIn(await createAccountWithUser(knex));
    await addSubscription(other.accountId);
    expect((await http().post('/api/contacts').set(as(other)).send({ firstName: 'Paid up' })).status).toBe(201);
  });
});

describe("Stripe's customer portal", () => {
  // Only the provider's network is replaced (as in the billing tests): a fake portal client.
  function serviceWith(portal: StripePortalClient | undefined) {
    const hasher = createPasswordHasher(TEST_HASH_COST);
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'test@caucus.local' }, { knex });
    const twoFactorRepo = createTwoFactorRepository(knex);
    return createSettingsService({
      repo: createSettingsRepository(knex),
      billingRepo: createBillingRepository(knex),
      hasher,
      mailer,
      provider: localProvider(),
      portal,
      emailChange: createEmailChangeService({
        repo: createEmailChangeRepository(knex),
        twoFactor: { repo: twoFactorRepo, codes: createCodeChecker(twoFactorRepo) },
        hasher,
        mailer,
      }),
      config: { publicUrl: 'https://app.caucus.test' },
    });
  }

  test('opens a portal session for the Stripe customer, returning to the payment settings', async () => {
    const me = await createAccountWithUser(knex);
    await addSubscription(me.accountId, { provider: 'stripe', providerCustomerId: 'cus_123', providerSubscriptionId: 'sub_123' });
    const calls: unknown[] = [];
    const portal: StripePortalClient = {
      billingPortal: {
        sessions: {
          async create(params) {
            calls.push(params);
            return { url: 'https://billing.stripe.com/p/session/test_abc' };
          },
        },
      },
    };
    const auth = { userId: me.userId, accountId: me.accountId, sessionId: newId() };
    const service = serviceWith(portal);
    expect((await service.billing(auth)).portalAvailable).toBe(true);
    expect(await service.billingPortal(auth, 'https://app.caucus.test')).toEqual({ url: 'https://billing.stripe.com/p/session/test_abc' });
    expect(calls).toEqual([{ customer: 'cus_123', return_url: 'https://app.caucus.test/dashboard/settings/payment' }]);

    // A local subscription, or no Stripe key, has no portal: a 409, and the client is never called.
    const local = await createAccountWithUser(knex);
    await addSubscription(local.accountId);
    const localAuth = { userId: local.userId, accountId: local.accountId, sessionId: newId() };
    await expect(service.billingPortal(localAuth, 'https://app.caucus.test')).rejects.toEqual(new HttpError(409, PORTAL_UNAVAILABLE));
    await expect(serviceWith(undefined).billingPortal(auth, 'https://app.caucus.test')).rejects.toEqual(new HttpError(409, PORTAL_UNAVAILABLE));
    expect(calls).toHaveLength(1);
  });
});
