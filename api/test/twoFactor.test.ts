import type { Knex } from 'knex';
import type Koa from 'koa';
import { generate } from 'otplib';
import request from 'supertest';
import {
  RECOVERY_CODE_WRONG,
  TOO_MANY_TWO_FACTOR_ATTEMPTS,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_CODE_REUSED,
  TWO_FACTOR_CODE_WRONG,
  TWO_FACTOR_ENROLLMENT_REQUIRED,
  TWO_FACTOR_OWNER_FIRST,
  TWO_FACTOR_OWNER_ONLY,
  WRONG_CURRENT_PASSWORD,
} from '@caucus/contract';
import { addMembership, createAccountWithUser, login, testApp, type LoggedIn, type TestMember } from './helpers/fixtures';
import { freshApp } from './helpers/twoAccountApp';
import { createSecretBox } from '../src/modules/auth/secretBox';
import * as sealSecretsMigration from '../src/db/migrations/20261125090000_two_factor_secrets_sealed';

const ctx = freshApp();
let knex: Knex, app: Koa;
beforeAll(() => ({ knex, app } = ctx));

const http = () => request(app.callback());
const as = (who: LoggedIn) => ({ Authorization: `Bearer ${who.token}` });

/** The code an authenticator shows `steps` periods from now (the server accepts one period either side). */
function codeAt(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** Signs in, sets up and confirms two-factor sign-in; the code of the next period is left for the next use. */
async function enrol(member: TestMember): Promise<{ me: LoggedIn; secret: string; recoveryCodes: string[] }> {
  const me = await login(app, member);
  const setup = await http().post('/api/settings/two-factor/setup').set(as(me)).send({ currentPassword: me.password });
  expect(setup.status).toBe(200);
  const secret = setup.body.data.secret as string;
  const confirmed = await http()
    .post('/api/settings/two-factor/confirm')
    .set(as(me))
    .send({ code: await codeAt(secret) });
  expect(confirmed.status).toBe(200);
  return { me, secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}

async function passwordStep(member: TestMember, rememberMe = false) {
  return http().post('/api/auth/login').send({ email: member.email, password: member.password, rememberMe });
}

describe('enrolment', () => {
  test('setup answers a QR code and the secret; a wrong code does not turn it on, a right one does', async () => {
    const me = await login(app, await createAccountWithUser(knex));
    const status = await http().get('/api/settings/two-factor').set(as(me));
    expect(status.body.data).toMatchObject({ enabled: false, recoveryCodesRemaining: 0, enrollmentRequired: false, canManageRequirement: true });

    const setup = await http().post('/api/settings/two-factor/setup').set(as(me)).send({ currentPassword: me.password });
    expect(setup.status).toBe(200);
    const { otpauthUrl, qrCode, secret } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Caucus:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString('utf8')).toContain('<svg');

    const wrongCode = String((Number(await codeAt(secret)) + 1) % 1000000).padStart(6, '0');
    const wrong = await http().post('/api/settings/two-factor/confirm').set(as(me)).send({ code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(TWO_FACTOR_CODE_WRONG);
    const malformed = await http().post('/api/settings/two-factor/confirm').set(as(me)).send({ code: '12ab' });
    expect(malformed.status).toBe(400);
    expect((await http().get('/api/settings/two-factor').set(as(me))).body.data.enabled).toBe(false);

    const right = await http()
      .post('/api/settings/two-factor/confirm')
      .set(as(me))
      .send({ code: await codeAt(secret) });
    expect(right.status).toBe(200);
    const codes = right.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Stored hashed: no code and no secret readable back.
    const stored = await knex('two_factor_recovery_codes').where('userId', me.userId).select('codeHash');
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.map((c) => c.replace('-', ''))).not.toContain(row.codeHash);
    const after = await http().get('/api/settings/two-factor').set(as(me));
    expect(after.body.data).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 });
    expect(JSON.stringify(after.body)).not.toContain(secret);

    const again = await http().post('/api/settings/two-factor/setup').set(as(me)).send({ currentPassword: me.password });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TWO_FACTOR_ALREADY_ON);
  });

  test('a session alone cannot start it: the current password is required, a wrong one is refused and counted, nothing is stored', async () => {
    const member = await createAccountWithUser(knex);
    const me = await login(app, member);
    const pendingSecret = async () => (await knex('users').where('id', member.userId).first('twoFactorPendingSecret')).twoFactorPendingSecret;

    const missing = await http().post('/api/settings/two-factor/setup').set(as(me)).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Current password is required');
    expect(missing.body.details).toEqual({ currentPassword: 'Current password is required' });
    const empty = await http().post('/api/settings/two-factor/setup').set(as(me)).send({ currentPassword: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual({ currentPassword: 'Current password is required' });

    const wrong = await http().post('/api/settings/two-factor/setup').set(as(me)).send({ currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(WRONG_CURRENT_PASSWORD);
    expect(wrong.body.details).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });
    expect(JSON.stringify(wrong.body)).not.toMatch(/otpauth|secret/);
    expect(await pendingSecret()).toBeNull();
    // Counted as a failed sign-in of the address, like a wrong password at the login.
    expect(await knex('login_attempts').where({ email: member.email, kind: 'login', success: false })).toHaveLength(1);

    const right = await http().post('/api/settings/two-factor/setup').set(as(me)).send({ currentPassword: member.password });
    expect(right.status).toBe(200);
    expect(right.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await pendingSecret()).not.toBeNull();
    // The right password leaves no attempt behind.
    expect(await knex('login_attempts').where({ email: member.email, kind: 'login', success: false })).toHaveLength(1);
  });

  test('guessing the password through setup hits the login limit, and the login is locked too', async () => {
    const member = await createAccountWithUser(knex);
    const me = await login(app, member);
    for (let i = 0; i < 10; i += 1) {
      const res = await http()
        .post('/api/settings/two-factor/setup')
        .set(as(me))
        .send({ currentPassword: `guess-${i}` });
      expect(res.status).toBe(400);
    }
    const guessed = await http().post('/api/settings/two-factor/setup').set(as(me)).send({ currentPassword: member.password });
    expect(guessed.status).toBe(429);
    expect((await knex('users').where('id', member.userId).first('twoFactorPendingSecret')).twoFactorPendingSecret).toBeNull();
    expect((await http().post('/api/auth/login').send({ email: member.email, password: member.password })).status).toBe(429);
  });

  test('the getting-started checklist reads the real two-factor state', async () => {
    const member = await createAccountWithUser(knex);
    const before = await http()
      .get('/api/dashboard/getting-started')
      .set(as(await login(app, member)));
    expect(before.body.data.steps.find((s: { id: string }) => s.id === 'twoFactor').done).toBe(false);
    const { me } = await enrol(member);
    const after = await http().get('/api/dashboard/getting-started').set(as(me));
    expect(after.body.data.steps.find((s: { id: string }) => s.id === 'twoFactor').done).toBe(true);
  });
});

describe('the secret at rest', () => {
  const KEY = 'k'.repeat(40);

  test('the users row holds the secret sealed (AES-256-GCM), pending and enabled alike; codes still work', async () => {
    const keyed = testApp(knex, { totpEncryptionKey: KEY });
    const member = await createAccountWithUser(knex);
    const me = await login(keyed, member);
    const setup = await request(keyed.callback()).post('/api/settings/two-factor/setup').set(as(me)).send({ currentPassword: me.password });
    const secret = setup.body.data.secret as string;
    const pending = await knex('users').where('id', member.userId).first('twoFactorPendingSecret');
    expect(pending.twoFactorPendingSecret).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(pending.twoFactorPendingSecret).not.toContain(secret);

    const confirmed = await request(keyed.callback())
      .post('/api/settings/two-factor/confirm')
      .set(as(me))
      .send({ code: await codeAt(secret) });
    expect(confirmed.status).toBe(200);
    const row = await knex('users').where('id', member.userId).first('twoFactorSecret', 'twoFactorPendingSecret');
    expect(row.twoFactorPendingSecret).toBeNull();
    expect(row.twoFactorSecret).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row.twoFactorSecret).not.toContain(secret);
    expect(createSecretBox(KEY).open(row.twoFactorSecret)).toEqual({ plain: secret, reseal: false });

    const step1 = await request(keyed.callback()).post('/api/auth/login').send({ email: member.email, password: member.password });
    const step2 = await request(keyed.callback())
      .post('/api/auth/login/two-factor')
      .send({ challengeToken: step1.body.data.challengeToken, code: await codeAt(secret, 1) });
    expect(step2.status).toBe(200);
  });

  test('the migration seals the secrets already stored, and leaves sealed ones as they are', async () => {
    const member = await createAccountWithUser(knex);
    const { secret } = await enrol(member);
    const other = await createAccountWithUser(knex);
    const sealedBefore = (await knex('users').where('id', member.userId).first('twoFactorSecret')).twoFactorSecret as string;
    await knex('users').where('id', other.userId).update({ twoFactorPendingSecret: secret });
    await sealSecretsMigration.up(knex);
    expect((await knex('users').where('id', member.userId).first('twoFactorSecret')).twoFactorSecret).toBe(sealedBefore);
    const pending = (await knex('users').where('id', other.userId).first('twoFactorPendingSecret')).twoFactorPendingSecret as string;
    expect(pending).not.toContain(secret);
    expect(createSecretBox(undefined).open(pending)).toEqual({ plain: secret, reseal: false });
  });

  test('a secret stored before encryption (or under the development key) still signs in, and is sealed with the key on first read', async () => {
    const member = await createAccountWithUser(knex);
    const { secret } = await enrol(member);
    // As the first two-factor migration left it: the secret in plain text.
    await knex('users').where('id', member.userId).update({ twoFactorSecret: secret });

    const keyed = testApp(knex, { totpEncryptionKey: KEY });
    const step1 = await request(keyed.callback()).post('/api/auth/login').send({ email: member.email, password: member.password });
    expect(step1.body.data.twoFactorRequired).toBe(true);
    const step2 = await request(keyed.callback())
      .post('/api/auth/login/two-factor')
      .send({ challengeToken: step1.body.data.challengeToken, code: await codeAt(secret, 1) });
    expect(step2.status).toBe(200);
    const row = await knex('users').where('id', member.userId).first('twoFactorSecret');
    expect(row.twoFactorSecret).not.toContain(secret);
    expect(createSecretBox(KEY).open(row.twoFactorSecret)).toEqual({ plain: secret, reseal: false });

    // Sealed under the development key (an install that ran without TOTP_ENCRYPTION_KEY): moved to the key too.
    await knex('users')
      .where('id', member.userId)
      .update({ twoFactorSecret: createSecretBox(undefined).seal(secret) });
    await request(keyed.callback()).post('/api/auth/login').send({ email: member.email, password: member.password });
    const moved = await knex('users').where('id', member.userId).first('twoFactorSecret');
    expect(createSecretBox(KEY).open(moved.twoFactorSecret)).toEqual({ plain: secret, reseal: false });
  });
});

describe('sign-in with two-factor', () => {
  test('a user without it signs in as before', async () => {
    const member = await createAccountWithUser(knex);
    const res = await passwordStep(member);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['accounts', 'permissions', 'role', 'token', 'user']);
  });

  test('the password answers a challenge and no session; the code step answers the session', async () => {
    const member = await createAccountWithUser(knex);
    const { secret } = await enrol(member);

    const step1 = await passwordStep(member, true);
    expect(step1.status).toBe(200);
    expect(step1.body.data).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) });
    expect(step1.headers['set-cookie']).toBeUndefined();
    const { challengeToken } = step1.body.data;
    // Stored as a digest only.
    expect(await knex('two_factor_challenges').where('tokenHash', challengeToken).first()).toBeUndefined();

    const wrongCode = String((Number(await codeAt(secret, 1)) + 1) % 1000000).padStart(6, '0');
    const wrong = await http().post('/api/auth/login/two-factor').send({ challengeToken, code: wrongCode });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(TWO_FACTOR_CODE_WRONG);

    const code = await codeAt(secret, 1);
    const step2 = await http().post('/api/auth/login/two-factor').send({ challengeToken, code });
    expect(step2.status).toBe(200);
    expect(step2.body.data.user.email).toBe(member.email);
    const cookie = ([] as string[]).concat(step2.headers['set-cookie'] ?? []).find((c) => c.startsWith('caucus_session='));
    // Remember me of the password step is honoured: a lasting cookie.
    expect(cookie).toMatch(/Max-Age=\d+/i);
    const me = await http().get('/api/auth/me').set('Authorization', `Bearer ${step2.body.data.token}`);
    expect(me.status).toBe(200);

    // The challenge is single use.
    const reusedChallenge = await http()
      .post('/api/auth/login/two-factor')
      .send({ challengeToken, code: await codeAt(secret, 1) });
    expect(reusedChallenge.status).toBe(401);
    expect(reusedChallenge.body.message).toBe(TWO_FACTOR_CHALLENGE_EXPIRED);

    // TOTP replay: the same code on a fresh challenge is refused.
    const again = await passwordStep(member);
    const replay = await http().post('/api/auth/login/two-factor').send({ challengeToken: again.body.data.challengeToken, code });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(TWO_FACTOR_CODE_REUSED);
    // An older code is no better.
    const older = await http()
      .post('/api/auth/login/two-factor')
      .send({ challengeToken: again.body.data.challengeToken, code: await codeAt(secret, -1) });
    expect(older.status).toBe(401);
  });

  test('without Remember me the cookie ends with the browser', async () => {
    const member = await createAccountWithUser(knex);
    const { secret } = await enrol(member);
    const step1 = await passwordStep(member, false);
    const step2 = await http()
      .post('/api/auth/login/two-factor')
      .send({ challengeToken: step1.body.data.challengeToken, code: await codeAt(secret, 1) });
    expect(step2.status).toBe(200);
    const cookie = ([] as string[]).concat(step2.headers['set-cookie'] ?? []).find((c) => c.startsWith('caucus_session='));
    expect(cookie).not.toMatch(/Max-Age|expires=/i);
  });

  test('a recovery code works once', async () => {
    const member = await createAccountWithUser(knex);
    const { me, recoveryCodes } = await enrol(member);
    const first = await passwordStep(member);
    // Typed in capitals without the dash: still the same code.
    const typed = recoveryCodes[3].toUpperCase().replace('-', ' ');
    const ok = await http().post('/api/auth/login/two-factor').send({ challengeToken: first.body.data.challengeToken, recoveryCode: typed });
    expect(ok.status).toBe(200);
    expect((await http().get('/api/settings/two-factor').set(as(me))).body.data.recoveryCodesRemaining).toBe(9);

    const second = await passwordStep(member);
    const reused = await http().post('/api/auth/login/two-factor').send({ challengeToken: second.body.data.challengeToken, recoveryCode: recoveryCodes[3] });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(RECOVERY_CODE_WRONG);
  });

  test("another user's challenge token gives no session with this user's code", async () => {
    const alice = await createAccountWithUser(knex);
    const bob = await createAccountWithUser(knex);
    const a = await enrol(alice);
    await enrol(bob);
    const bobChallenge = (await passwordStep(bob)).body.data.challengeToken;
    const res = await http()
      .post('/api/auth/login/two-factor')
      .send({ challengeToken: bobChallenge, code: await codeAt(a.secret, 1) });
    expect(res.status).toBe(401);
    const aliceRecovery = await http().post('/api/auth/login/two-factor').send({ challengeToken: bobChallenge, recoveryCode: a.recoveryCodes[0] });
    expect(aliceRecovery.status).toBe(401);
    // A made-up token is no challenge at all.
    const forged = await http()
      .post('/api/auth/login/two-factor')
      .send({ challengeToken: 'x'.repeat(43), code: await codeAt(a.secret, 1) });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe(TWO_FACTOR_CHALLENGE_EXPIRED);
    const neither = await http().post('/api/auth/login/two-factor').send({ challengeToken: bobChallenge });
    expect(neither.status).toBe(400);
  });

  test('wrong codes are rate limited like the password', async () => {
    const member = await createAccountWithUser(knex);
    const { secret } = await enrol(member);
    const challengeToken = (await passwordStep(member)).body.data.challengeToken;
    const right = await codeAt(secret, 1);
    const wrongCode = String((Number(right) + 1) % 1000000).padStart(6, '0');
    for (let i = 0; i < 10; i += 1) {
      const res = await http().post('/api/auth/login/two-factor').send({ challengeToken, code: wrongCode });
      expect(res.status).toBe(401);
    }
    const limited = await http().post('/api/auth/login/two-factor').send({ challengeToken, code: right });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY_TWO_FACTOR_ATTEMPTS);
  });

  test('wrong codes count per user across challenges; the lock answers 429 with Retry-After and emails the user once a day', async () => {
    const member = await createAccountWithUser(knex);
    const { me, secret } = await enrol(member);
    const right = await codeAt(secret, 1);
    const wrongCode = String((Number(right) + 1) % 1000000).padStart(6, '0');
    const lockEmails = () => knex('email_outbox').where({ to: member.email, kind: 'two_factor_locked' }).orderBy('id', 'asc');
    // Five wrong codes on each of two challenges: a new password step is no new count.
    for (let round = 0; round < 2; round += 1) {
      const challengeToken = (await passwordStep(member)).body.data.challengeToken;
      for (let i = 0; i < 5; i += 1) {
        expect((await http().post('/api/auth/login/two-factor').send({ challengeToken, code: wrongCode })).status).toBe(401);
      }
    }
    // The tenth wrong code locked the codes, and the user was told at once.
    const emails = await lockEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe('Too many wrong two-factor codes on your Caucus account');
    expect(emails[0].text).toContain('someone may know your password');

    const third = (await passwordStep(member)).body.data.challengeToken;
    const limited = await http().post('/api/auth/login/two-factor').send({ challengeToken: third, code: right });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY_TWO_FACTOR_ATTEMPTS);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The settings' checks share the count.
    const disable = await http().post('/api/settings/two-factor/disable').set(as(me)).send({ password: member.password, code: right });
    expect(disable.status).toBe(429);
    expect(await lockEmails()).toHaveLength(1);

    // A day later (the notice claimed 25 hours ago), the next lock emails again.
    await knex('users')
      .where('id', member.userId)
      .update({ twoFactorLockNotifiedAt: new Date(Date.now() - 25 * 3600 * 1000) });
    expect((await http().post('/api/auth/login/two-factor').send({ challengeToken: third, code: right })).status).toBe(429);
    expect(await lockEmails()).toHaveLength(2);

    // Once the failures leave the window, the right code signs in.
    await knex('login_attempts')
      .where({ email: member.userId, kind: 'two_factor' })
      .update({ attemptedAt: new Date(Date.now() - 16 * 60 * 1000) });
    const signedIn = await http().post('/api/auth/login/two-factor').send({ challengeToken: third, code: right });
    expect(signedIn.status).toBe(200);
  });
});

describe('turning it off', () => {
  test('needs the password and a current code or a recovery code', async () => {
    const member = await createAccountWithUser(knex);
    const { me, secret, recoveryCodes } = await enrol(member);
    const missing = await http().post('/api/settings/two-factor/disable').set(as(me)).send({ password: member.password });
    expect(missing.status).toBe(400);
    const wrongPassword = await http()
      .post('/api/settings/two-factor/disable')
      .set(as(me))
      .send({ password: 'nope', code: await codeAt(secret, 1) });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe(WRONG_CURRENT_PASSWORD);
    expect(wrongPassword.body.details).toEqual({ password: WRONG_CURRENT_PASSWORD });
    // A wrong password here is a failed sign-in of the address too.
    expect(await knex('login_attempts').where({ email: member.email, kind: 'login', success: false })).toHaveLength(1);
    const wrongCode = String((Number(await codeAt(secret, 1)) + 1) % 1000000).padStart(6, '0');
    const badCode = await http().post('/api/settings/two-factor/disable').set(as(me)).send({ password: member.password, code: wrongCode });
    expect(badCode.status).toBe(400);
    expect(badCode.body.message).toBe(TWO_FACTOR_CODE_WRONG);
    expect((await http().get('/api/settings/two-factor').set(as(me))).body.data.enabled).toBe(true);

    const off = await http()
      .post('/api/settings/two-factor/disable')
      .set(as(me))
      .send({ password: member.password, code: await codeAt(secret, 1) });
    expect(off.status).toBe(200);
    expect((await http().get('/api/settings/two-factor').set(as(me))).body.data).toMatchObject({ enabled: false, recoveryCodesRemaining: 0 });
    expect(await knex('two_factor_recovery_codes').where('userId', member.userId)).toHaveLength(0);
    // Signing in is the password alone again.
    expect((await passwordStep(member)).body.data.token).toEqual(expect.any(String));
    expect(recoveryCodes).toHaveLength(10);
  });

  test('a recovery code can stand in for the code', async () => {
    const member = await createAccountWithUser(knex);
    const { me, recoveryCodes } = await enrol(member);
    const off = await http().post('/api/settings/two-factor/disable').set(as(me)).send({ password: member.password, code: recoveryCodes[0] });
    expect(off.status).toBe(200);
  });
});

describe("the owner's requirement", () => {
  test('only the owner, with two-factor on, can require it; members without it may then only enrol', async () => {
    const owner = await createAccountWithUser(knex);
    const memberUser = await createAccountWithUser(knex);
    await addMembership(knex, owner.accountId, memberUser.userId, 'member');
    // The member acts in the owner's account only (their own account is removed from their sign-in).
    await knex('memberships').where({ userId: memberUser.userId, accountId: memberUser.accountId }).delete();

    const ownerSession = await login(app, owner);
    const first = await http().put('/api/settings/two-factor/requirement').set(as(ownerSession)).send({ required: true });
    expect(first.status).toBe(409);
    expect(first.body.message).toBe(TWO_FACTOR_OWNER_FIRST);

    const { me: ownerMe } = await enrol(owner);
    const memberSession = await login(app, memberUser);
    const notOwner = await http().put('/api/settings/two-factor/requirement').set(as(memberSession)).send({ required: true });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.message).toBe(TWO_FACTOR_OWNER_ONLY);

    const on = await http().put('/api/settings/two-factor/requirement').set(as(ownerMe)).send({ required: true });
    expect(on.status).toBe(200);
    expect(on.body.data.accountRequiresTwoFactor).toBe(true);

    const signIn = await passwordStep(memberUser);
    expect(signIn.body.data.twoFactorEnrollmentRequired).toBe(true);
    const member = { ...memberUser, token: signIn.body.data.token as string, cookie: '' };
    expect((await http().get('/api/auth/me').set(as(member))).body.data.twoFactorEnrollmentRequired).toBe(true);
    expect((await http().get('/api/settings/two-factor').set(as(member))).body.data.enrollmentRequired).toBe(true);
    // A password-only session reads no account data and changes nothing: only enrolment, its page's
    // reads and signing out answer.
    const refused: [string, () => request.Test][] = [
      ['contacts', () => http().get('/api/contacts').set(as(member))],
      ['a contact', () => http().get(`/api/contacts/${owner.userId}`).set(as(member))],
      ['contacts report', () => http().get('/api/reports/contacts').set(as(member))],
      ['donations report', () => http().get('/api/reports/donations').set(as(member))],
      ['search', () => http().get('/api/search?q=a').set(as(member))],
      ['lists', () => http().get('/api/contact-lists').set(as(member))],
      ['list preview', () => http().post('/api/contact-lists/preview').set(as(member)).send({ rules: [] })],
      ['dashboard', () => http().get('/api/dashboard/overview').set(as(member))],
      ['account settings', () => http().get('/api/settings/account').set(as(member))],
      ['organization settings', () => http().get('/api/settings/organization').set(as(member))],
      ['notification change', () => http().put('/api/settings/notifications').set(as(member)).send({ emailNotifications: false })],
      [
        'password change',
        () => http().post('/api/settings/password').set(as(member)).send({ currentPassword: memberUser.password, newPassword: 'another-Password-1' }),
      ],
      ['new contact', () => http().post('/api/contacts').set(as(member)).send({ firstName: 'Eve' })],
    ];
    for (const [what, send] of refused) {
      const res = await send();
      expect({ what, status: res.status, message: res.body.message }).toEqual({ what, status: 403, message: TWO_FACTOR_ENROLLMENT_REQUIRED });
    }
    expect((await http().get('/api/settings/workspace').set(as(member))).status).toBe(200);
    expect((await http().get('/api/settings/sessions').set(as(member))).status).toBe(200);
    expect((await http().get('/api/settings/notifications').set(as(member))).status).toBe(200);
    expect((await http().post('/api/settings/sessions/sign-out-others').set(as(member)).send({})).status).toBe(200);

    const setup = await http().post('/api/settings/two-factor/setup').set(as(member)).send({ currentPassword: member.password });
    expect(setup.status).toBe(200);
    const confirmed = await http()
      .post('/api/settings/two-factor/confirm')
      .set(as(member))
      .send({ code: await codeAt(setup.body.data.secret) });
    expect(confirmed.status).toBe(200);
    expect((await http().get('/api/auth/me').set(as(member))).body.data.twoFactorEnrollmentRequired).toBeUndefined();
    expect((await http().put('/api/settings/notifications').set(as(member)).send({ emailNotifications: false })).status).toBe(200);
    // Enrolled, the same session reads everything again.
    for (const path of ['/api/contacts', '/api/reports/contacts', '/api/search?q=a', '/api/settings/account']) {
      expect({ path, status: (await http().get(path).set(as(member))).status }).toEqual({ path, status: 200 });
    }

    // The owner can lift the requirement.
    const off = await http().put('/api/settings/two-factor/requirement').set(as(ownerMe)).send({ required: false });
    expect(off.status).toBe(200);
    expect(off.body.data.accountRequiresTwoFactor).toBe(false);
  });
});
