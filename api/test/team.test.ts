import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { latestEmailTo } from '../src/modules/email';
import { createTestDb, type TestDb } from './support/testDb';
import { createAccountWithUser, insertContact, login, signedIn, testApp, type LoggedIn } from './helpers/fixtures';

let db: TestDb;
let knex: Knex;
let app: Koa;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  app = testApp(knex);
});

afterAll(async () => {
  await db.destroy();
});

const http = () => request(app.callback());
let counter = 0;
const freshEmail = () => `invitee${++counter}-${Date.now()}@example.org`;

async function ownerOn(plan: string): Promise<LoggedIn> {
  const owner = await login(app, await createAccountWithUser(knex));
  await knex('accounts').where({ id: owner.accountId }).update({ planId: plan });
  return owner;
}

/** The token of the newest invitation emailed to an address, read from the outbox as a person reads the link. */
async function invitationToken(email: string): Promise<string> {
  const mail = await latestEmailTo(knex, email, 'team_invitation');
  const match = /invitation\?token=([\w%-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation link emailed to ${email}`);
  return decodeURIComponent(match[1]);
}

async function inviteAndJoin(owner: LoggedIn, role: string): Promise<LoggedIn> {
  const email = freshEmail();
  const invited = await signedIn(app, owner).post('/api/team/invitations', { email, role });
  expect(invited.status).toBe(201);
  const token = await invitationToken(email);
  const accepted = await http().post('/api/team/invitations/accept').send({ token, firstName: 'Sam', lastName: 'Lee', password: 'treasurer-2026' });
  expect(accepted.status).toBe(200);
  expect(accepted.body.data).toMatchObject({ signedIn: true, accountId: owner.accountId, role });
  const user = await knex('users').where({ email }).first();
  return {
    accountId: owner.accountId,
    userId: user.id,
    email,
    password: 'treasurer-2026',
    firstName: 'Sam',
    lastName: 'Lee',
    accountName: '',
    token: accepted.body.data.token,
    cookie: '',
  };
}

describe('invitations', () => {
  it('invites by email, stores only the digest, and the invitee sets a name and password and joins signed in', async () => {
    const owner = await ownerOn('team');
    const email = freshEmail();
    const res = await signedIn(app, owner).post('/api/team/invitations', { email: email.toUpperCase(), role: 'treasurer' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email, role: 'treasurer', expired: false });
    const days = (Date.parse(res.body.data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const token = await invitationToken(email);
    const row = await knex('team_invitations').where({ email }).first();
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const team = await signedIn(app, owner).get('/api/team');
    expect(team.body.data.invitations.map((i: { email: string }) => i.email)).toEqual([email]);
    expect(team.body.data.seats).toMatchObject({ plan: 'team', seats: 5, used: 2 });

    const accepted = await http().post('/api/team/invitations/accept').send({ token, firstName: 'Sam', lastName: 'Lee', password: 'treasurer-2026' });
    expect(accepted.status).toBe(200);
    expect(String(accepted.headers['set-cookie'])).toContain('caucus_session=');
    expect(accepted.body.data.role).toBe('treasurer');
    expect(accepted.body.data.permissions).toContain('money.write');
    expect(accepted.body.data.permissions).not.toContain('team.write');

    const after = await signedIn(app, owner).get('/api/team');
    expect(after.body.data.invitations).toEqual([]);
    const joined = after.body.data.users.find((u: { email: string }) => u.email === email);
    expect(joined).toMatchObject({ firstName: 'Sam', lastName: 'Lee', role: 'treasurer', twoFactorEnabled: false });
    expect(joined.lastSignInAt).not.toBeNull();
  });

  it('is single use: the same link a second time is refused', async () => {
    const owner = await ownerOn('team');
    const email = freshEmail();
    await signedIn(app, owner).post('/api/team/invitations', { email, role: 'staff' });
    const token = await invitationToken(email);
    const body = { token, firstName: 'Ana', lastName: 'Ruiz', password: 'staffer-2026' };
    expect((await http().post('/api/team/invitations/accept').send(body)).status).toBe(200);
    const again = await http().post('/api/team/invitations/accept').send(body);
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid, expired or already used/);
  });

  it('refuses an expired link, and a resend sends a new link that works while the old one does not', async () => {
    const owner = await ownerOn('team');
    const email = freshEmail();
    const created = await signedIn(app, owner).post('/api/team/invitations', { email, role: 'staff' });
    const oldToken = await invitationToken(email);
    await knex('team_invitations')
      .where({ id: created.body.data.id })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await http().post('/api/team/invitations/accept').send({ token: oldToken, firstName: 'A', lastName: 'B', password: 'long-enough-1' });
    expect(expired.status).toBe(400);
    const listed = await signedIn(app, owner).get('/api/team');
    expect(listed.body.data.invitations[0].expired).toBe(true);

    const resent = await signedIn(app, owner).post(`/api/team/invitations/${created.body.data.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.data.expired).toBe(false);
    const newToken = await invitationToken(email);
    expect(newToken).not.toBe(oldToken);
    expect((await http().post('/api/team/invitations/accept').send({ token: oldToken, firstName: 'A', lastName: 'B', password: 'long-enough-1' })).status).toBe(
      400,
    );
    expect((await http().post('/api/team/invitations/accept').send({ token: newToken, firstName: 'A', lastName: 'B', password: 'long-enough-1' })).status).toBe(
      200,
    );
  });

  it('a revoked invitation cannot be accepted', async () => {
    const owner = await ownerOn('team');
    const email = freshEmail();
    const created = await signedIn(app, owner).post('/api/team/invitations', { email, role: 'read_only' });
    const token = await invitationToken(email);
    expect((await signedIn(app, owner).delete(`/api/team/invitations/${created.body.data.id}`)).status).toBe(200);
    const res = await http().post('/api/team/invitations/accept').send({ token, firstName: 'A', lastName: 'B', password: 'long-enough-1' });
    expect(res.status).toBe(400);
    expect(await knex('users').where({ email }).first()).toBeUndefined();
  });

  it("another account's invitation is a 404 to resend or revoke, and stays open", async () => {
    const owner = await ownerOn('team');
    const intruder = await ownerOn('team');
    const created = await signedIn(app, owner).post('/api/team/invitations', { email: freshEmail(), role: 'staff' });
    const id = created.body.data.id;
    expect((await signedIn(app, intruder).post(`/api/team/invitations/${id}/resend`)).status).toBe(404);
    expect((await signedIn(app, intruder).delete(`/api/team/invitations/${id}`)).status).toBe(404);
    expect((await signedIn(app, intruder).put(`/api/team/users/${owner.userId}`, { role: 'staff' })).status).toBe(404);
    expect((await signedIn(app, intruder).delete(`/api/team/users/${owner.userId}`)).status).toBe(404);
    const row = await knex('team_invitations').where({ id }).first();
    expect(row.revokedAt).toBeNull();
    expect((await signedIn(app, owner).get('/api/team')).body.data.invitations).toHaveLength(1);
  });

  it('an existing login joins with its own password, and keeps its other account', async () => {
    const owner = await ownerOn('team');
    const other = await createAccountWithUser(knex);
    await signedIn(app, owner).post('/api/team/invitations', { email: other.email, role: 'admin' });
    const token = await invitationToken(other.email);
    const wrong = await http().post('/api/team/invitations/accept').send({ token, password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toHaveProperty('password');
    const res = await http().post('/api/team/invitations/accept').send({ token, password: other.password });
    expect(res.status).toBe(200);
    expect(res.body.data.accounts.map((a: { id: string }) => a.id)).toEqual([owner.accountId, other.accountId]);
  });

  it("enforces the plan's seats: the invitation beyond them names the plan that allows more", async () => {
    const owner = await ownerOn('growth');
    expect((await signedIn(app, owner).post('/api/team/invitations', { email: freshEmail(), role: 'staff' })).status).toBe(201);
    const refused = await signedIn(app, owner).post('/api/team/invitations', { email: freshEmail(), role: 'staff' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Growth plan includes 2 users/);
    expect(refused.body.message).toMatch(/The Team plan allows 5/);
    expect(refused.body.details).toEqual({ upgradePlan: 'team' });

    const starter = await ownerOn('starter');
    const single = await signedIn(app, starter).post('/api/team/invitations', { email: freshEmail(), role: 'staff' });
    expect(single.status).toBe(409);
    expect(single.body.message).toMatch(/Starter plan includes 1 user,/);
  });

  it('refuses bad input naming the field, and a second invitation to the same address', async () => {
    const owner = await ownerOn('team');
    const bad = await signedIn(app, owner).post('/api/team/invitations', { email: 'nope', role: 'boss' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ email: 'Email is invalid', role: expect.stringMatching(/^Role must be one of/) });
    const email = freshEmail();
    await signedIn(app, owner).post('/api/team/invitations', { email, role: 'staff' });
    expect((await signedIn(app, owner).post('/api/team/invitations', { email, role: 'staff' })).status).toBe(409);
    expect((await signedIn(app, owner).post('/api/team/invitations', { email: owner.email, role: 'staff' })).status).toBe(409);
  });
});

describe('roles', () => {
  it('the last owner cannot be demoted; with a second owner they can', async () => {
    const owner = await ownerOn('team');
    const last = await signedIn(app, owner).put(`/api/team/users/${owner.userId}`, { role: 'admin' });
    expect(last.status).toBe(409);
    expect(last.body.message).toMatch(/at least one owner/);

    const second = await inviteAndJoin(owner, 'owner');
    const demoted = await signedIn(app, second).put(`/api/team/users/${owner.userId}`, { role: 'admin' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.data.role).toBe('admin');
    // The change holds at the next request of the demoted user: billing is an owner's.
    expect((await signedIn(app, owner).get('/api/settings/billing')).status).toBe(403);
  });

  it('an admin cannot make anyone owner nor change an owner', async () => {
    const owner = await ownerOn('team');
    const admin = await inviteAndJoin(owner, 'admin');
    const staff = await inviteAndJoin(owner, 'staff');
    expect((await signedIn(app, admin).put(`/api/team/users/${staff.userId}`, { role: 'owner' })).status).toBe(403);
    expect((await signedIn(app, admin).put(`/api/team/users/${owner.userId}`, { role: 'staff' })).status).toBe(403);
    expect((await signedIn(app, admin).post('/api/team/invitations', { email: freshEmail(), role: 'owner' })).status).toBe(403);
    const ok = await signedIn(app, admin).put(`/api/team/users/${staff.userId}`, { role: 'treasurer' });
    expect(ok.status).toBe(200);
    const entry = await knex('audit_log').where({ entityType: 'team_member', entityId: staff.userId, action: 'role_change' }).first();
    expect(JSON.parse(entry.beforeJson)).toEqual({ role: 'staff' });
    expect(JSON.parse(entry.afterJson)).toEqual({ role: 'treasurer' });
    expect(entry.userId).toBe(admin.userId);
  });

  it('a staff member cannot manage the team: 403 naming the permission', async () => {
    const owner = await ownerOn('team');
    const staff = await inviteAndJoin(owner, 'staff');
    const res = await signedIn(app, staff).post('/api/team/invitations', { email: freshEmail(), role: 'staff' });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('team.write');
  });
});

describe('removal', () => {
  it("ends the removed user's sessions at once and keeps what they did attributed to them", async () => {
    const owner = await ownerOn('team');
    const staff = await inviteAndJoin(owner, 'staff');
    const contactId = await insertContact(knex, owner.accountId, { firstName: 'Dana', lastName: 'Cole' });
    const edit = await signedIn(app, staff).get(`/api/contacts/${contactId}`);
    expect(edit.status).toBe(200);
    // The session is cached by now; the removal must still hold at the very next request.
    const removed = await signedIn(app, owner).delete(`/api/team/users/${staff.userId}`);
    expect(removed.status).toBe(200);
    expect((await signedIn(app, staff).get(`/api/contacts/${contactId}`)).status).toBe(401);
    const sessions = await knex('sessions').where({ userId: staff.userId, accountId: owner.accountId });
    expect(sessions.every((s: { revokedAt: unknown }) => s.revokedAt !== null)).toBe(true);
    const joinEntry = await knex('audit_log').where({ entityType: 'team_member', entityId: staff.userId, action: 'join' }).first();
    expect(joinEntry.userId).toBe(staff.userId);
    expect(joinEntry.userName).toBe('Sam Lee');
    const audit = await signedIn(app, owner).get(`/api/audit?userId=${staff.userId}`);
    expect(audit.body.data.entries.map((e: { action: string }) => e.action)).toEqual(['join']);
    expect(audit.body.data.entries[0].userName).toBe('Sam Lee');
  });

  it('a user cannot remove themselves, nor the last owner be removed', async () => {
    const owner = await ownerOn('team');
    expect((await signedIn(app, owner).delete(`/api/team/users/${owner.userId}`)).status).toBe(400);
  });
});

describe('accounts', () => {
  it("lists the caller's accounts and switches the session to another one", async () => {
    const owner = await ownerOn('team');
    const other = await createAccountWithUser(knex, { accountName: 'Second Committee' });
    await signedIn(app, owner).post('/api/team/invitations', { email: other.email, role: 'treasurer' });
    const token = await invitationToken(other.email);
    await http().post('/api/team/invitations/accept').send({ token, password: other.password });
    const member = await login(app, other);

    // Sign-in lands in the oldest of their accounts (the one that invited them here).
    const list = await signedIn(app, member).get('/api/accounts');
    expect(list.body.data.accounts).toEqual([
      expect.objectContaining({ id: owner.accountId, role: 'treasurer', current: true }),
      expect.objectContaining({ id: other.accountId, name: 'Second Committee', role: 'owner', current: false }),
    ]);
    expect((await signedIn(app, member).get('/api/settings/billing')).status).toBe(403);
    const switched = await signedIn(app, member).post(`/api/accounts/${other.accountId}/switch`);
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({ id: other.accountId, current: true, role: 'owner' });
    const me = await signedIn(app, member).get('/api/auth/me');
    expect(me.body.data.accounts[0].id).toBe(other.accountId);
    expect(me.body.data.role).toBe('owner');
    // In their own account they own billing.
    expect((await signedIn(app, member).get('/api/settings/billing')).status).toBe(200);

    const stranger = await ownerOn('team');
    expect((await signedIn(app, member).post(`/api/accounts/${stranger.accountId}/switch`)).status).toBe(404);
    expect((await signedIn(app, member).post('/api/accounts/not-an-id/switch')).status).toBe(404);
  });
});

describe('GET /api/audit', () => {
  it('filters by record, user and day, pages, and exports CSV with the one spreadsheet escaping rule', async () => {
    const owner = await ownerOn('team');
    const staff = await inviteAndJoin(owner, 'staff');
    await signedIn(app, owner).put(`/api/team/users/${staff.userId}`, { role: 'read_only' });
    const all = await signedIn(app, owner).get('/api/audit');
    expect(all.status).toBe(200);
    expect(all.body.data.entries.map((e: { action: string }) => e.action)).toEqual(['role_change', 'join', 'invite']);
    expect(all.body.data.total).toBe(3);
    const byRecord = await signedIn(app, owner).get(`/api/audit?entityType=team_member&entityId=${staff.userId}`);
    expect(byRecord.body.data.entries).toHaveLength(2);
    // Calendar days of the workspace (New York by default), not of UTC.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    expect((await signedIn(app, owner).get(`/api/audit?from=${today}&to=${today}`)).body.data.total).toBe(3);
    expect((await signedIn(app, owner).get('/api/audit?to=2020-01-01')).body.data.total).toBe(0);
    const bad = await signedIn(app, owner).get('/api/audit?from=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.details.from).toMatch(/^From must be/);

    await knex('users').where({ id: owner.userId }).update({ firstName: '=HYPERLINK("x")' });
    await signedIn(app, owner).put(`/api/team/users/${staff.userId}`, { role: 'staff' });
    const csv = await signedIn(app, owner).get('/api/audit?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain('When (UTC),Who,User id,Session,Record type,Record id,Action,Field,Before,After');
    expect(csv.text).toContain(`"'=HYPERLINK(""x"")`);
    // Fields by their labels (contract/auditLabels.ts), as the screens show them.
    expect(csv.text).toContain(',Team member,');
    expect(csv.text).toContain(',role changed,Role,Read-only,Staff');
  });

  it('names the session each entry was made from, as Settings > Security does', async () => {
    const owner = await ownerOn('team');
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const signIn = await http().post('/api/auth/login').set('User-Agent', firefox).send({ email: owner.email, password: owner.password });
    expect(signIn.status).toBe(200);
    const fromFirefox = { ...owner, token: signIn.body.data.token as string };
    const invited = await signedIn(app, fromFirefox).post('/api/team/invitations', { email: freshEmail(), role: 'staff' });
    expect(invited.status).toBe(201);
    const page = (await signedIn(app, owner).get('/api/audit')).body.data;
    const entry = page.entries.find((e: { action: string }) => e.action === 'invite');
    expect(entry.sessionId).toBeTruthy();
    expect(page.sessions[entry.sessionId]).toMatch(/^Firefox on Windows( · IP .+)?$/);
  });

  it("names the contact, campaign or committee an entry changed by today's name", async () => {
    const owner = await ownerOn('team');
    const contactId = await insertContact(knex, owner.accountId, { firstName: 'Nadia', lastName: 'Okafor' });
    expect((await signedIn(app, owner).put(`/api/contacts/${contactId}`, { firstName: 'Nadia', lastName: 'Okafor-Reyes' })).status).toBe(200);
    const page = (await signedIn(app, owner).get(`/api/audit?entityType=contact&entityId=${contactId}`)).body.data;
    expect(page.entries.length).toBeGreaterThan(0);
    expect(page.names[contactId]).toBe('Nadia Okafor-Reyes');
  });

  it("reads from/to as calendar days of the workspace's time zone, not UTC days", async () => {
    const owner = await ownerOn('team');
    await knex('accounts').where({ id: owner.accountId }).update({ timezone: 'Pacific/Honolulu' });
    const entry = (id: string, at: string) => ({
      id,
      accountId: owner.accountId,
      userId: owner.userId,
      userName: 'Pat',
      sessionId: null,
      entityType: 'settings',
      entityId: owner.accountId,
      action: 'organization',
      beforeJson: null,
      afterJson: JSON.stringify({ name: id }),
      createdAt: new Date(at),
    });
    // Honolulu is UTC-10: 05:00Z and 09:59Z on the 4th are still the 3rd there; 10:00Z is the 4th.
    await knex('audit_log').insert([
      entry('01900000-0000-7000-8000-000000000001', '2026-03-03T09:59:00.000Z'),
      entry('01900000-0000-7000-8000-000000000002', '2026-03-04T05:00:00.000Z'),
      entry('01900000-0000-7000-8000-000000000003', '2026-03-04T09:59:59.000Z'),
      entry('01900000-0000-7000-8000-000000000004', '2026-03-04T10:00:00.000Z'),
    ]);
    const ids = async (query: string) =>
      (await signedIn(app, owner).get(`/api/audit?entityType=settings&${query}`)).body.data.entries.map((e: { id: string }) => e.id.slice(-1)).sort();
    expect(await ids('from=2026-03-03&to=2026-03-03')).toEqual(['2', '3']);
    expect(await ids('from=2026-03-04&to=2026-03-04')).toEqual(['4']);
    expect(await ids('to=2026-03-02')).toEqual(['1']);
    const csv = await signedIn(app, owner).get('/api/audit?entityType=settings&from=2026-03-03&to=2026-03-03&format=csv');
    expect(csv.text.trim().split('\n')).toHaveLength(3);
    expect(csv.text).toContain(',Name,,');
  });

  it("answers only the caller's account, and only to roles with audit.read", async () => {
    const owner = await ownerOn('team');
    const intruder = await ownerOn('team');
    await signedIn(app, owner).post('/api/team/invitations', { email: freshEmail(), role: 'staff' });
    expect((await signedIn(app, intruder).get('/api/audit')).body.data.total).toBe(0);
    const staff = await inviteAndJoin(owner, 'staff');
    const res = await signedIn(app, staff).get('/api/audit');
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('audit.read');
  });
});

describe("a contact's identity and details in the audit trail", () => {
  it('records creation, the changed fields of an edit (before and after) and a deletion, by whom and from which session', async () => {
    const owner = await ownerOn('team');
    const staff = await inviteAndJoin(owner, 'staff');
    const created = await signedIn(app, staff).post('/api/contacts', {
      firstName: 'Dana',
      lastName: 'Cole',
      primaryEmail: 'dana@example.org',
      phoneNumbers: [{ phoneNumber: '555-0100', phoneType: 'mobile', isPrimary: true }],
    });
    expect(created.status).toBe(201);
    const id = created.body.data.contact.id;
    const edited = await signedIn(app, staff).put(`/api/contacts/${id}`, {
      firstName: 'Dana',
      lastName: 'Cole-Rivera',
      primaryEmail: 'dana@example.org',
      phoneNumbers: [{ phoneNumber: '555-0199', phoneType: 'mobile', isPrimary: true }],
    });
    expect(edited.status).toBe(200);
    // Saving the same values again is no change: no entry.
    await signedIn(app, staff).put(`/api/contacts/${id}`, {
      firstName: 'Dana',
      lastName: 'Cole-Rivera',
      primaryEmail: 'dana@example.org',
      phoneNumbers: [{ phoneNumber: '555-0199', phoneType: 'mobile', isPrimary: true }],
    });
    const history = await signedIn(app, owner).get(`/api/audit?entityType=contact&entityId=${id}`);
    expect(history.body.data.entries.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    const [update, create] = history.body.data.entries;
    expect(update.before).toEqual({
      lastName: 'Cole',
      primaryPhone: '555-0100',
      phoneNumbers: [{ phoneNumber: '555-0100', phoneType: 'mobile', isPrimary: true }],
    });
    expect(update.after).toEqual({
      lastName: 'Cole-Rivera',
      primaryPhone: '555-0199',
      phoneNumbers: [{ phoneNumber: '555-0199', phoneType: 'mobile', isPrimary: true }],
    });
    expect(update).toMatchObject({ userId: staff.userId, userName: 'Sam Lee' });
    const session = await knex('sessions').where({ userId: staff.userId }).orderBy('createdAt', 'desc').first();
    expect(update.sessionId).toBe(session.id);
    expect(create.after).toMatchObject({ firstName: 'Dana', lastName: 'Cole', primaryEmail: 'dana@example.org' });

    expect((await signedIn(app, owner).delete(`/api/contacts/${id}`)).status).toBe(200);
    const gone = await signedIn(app, owner).get(`/api/audit?entityType=contact&entityId=${id}`);
    expect(gone.body.data.entries[0]).toMatchObject({
      action: 'delete',
      userId: owner.userId,
      after: null,
      before: expect.objectContaining({ lastName: 'Cole-Rivera' }),
    });
  });
});

describe('settings changes in the audit trail', () => {
  it('records the organization fields that changed (images by digest)', async () => {
    const owner = await ownerOn('team');
    const current = (await signedIn(app, owner).get('/api/settings/organization')).body.data;
    const saved = await signedIn(app, owner).put('/api/settings/organization', { ...current, name: 'Rivera for Council', city: 'Tucson' });
    expect(saved.status).toBe(200);
    const entries = (await signedIn(app, owner).get('/api/audit?entityType=settings')).body.data.entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'organization', after: { name: 'Rivera for Council', city: 'Tucson' } });
    expect(entries[0].before.name).toBe(current.name);
  });
});

describe('changing to a plan with fewer seats', () => {
  it('asks who to remove first: refused while the team is larger than the plan, allowed once it fits', async () => {
    const owner = await ownerOn('team');
    const staff = await inviteAndJoin(owner, 'staff');
    await signedIn(app, owner).post('/api/team/invitations', { email: freshEmail(), role: 'read_only' });
    const refused = await signedIn(app, owner).post('/api/settings/billing/checkout', { planId: 'starter' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The Starter plan includes 1 user; this account has 2 and 1 open invitation. Choose who to remove first in Settings > Team (2 to go), then change the plan.',
    );
    // Growth (2 users) fits once the invitation is revoked.
    const open = (await signedIn(app, owner).get('/api/team')).body.data.invitations[0];
    expect((await signedIn(app, owner).post('/api/settings/billing/checkout', { planId: 'growth' })).status).toBe(409);
    await signedIn(app, owner).delete(`/api/team/invitations/${open.id}`);
    expect((await signedIn(app, owner).post('/api/settings/billing/checkout', { planId: 'growth' })).status).not.toBe(409);
    await signedIn(app, owner).delete(`/api/team/users/${staff.userId}`);
    expect((await signedIn(app, owner).post('/api/settings/billing/checkout', { planId: 'starter' })).status).not.toBe(409);
  });
});
