import type { Knex } from 'knex';
import type Koa from 'koa';
import { generate } from 'otplib';
import request from 'supertest';
import {
  EMAIL_CHANGE_CODE_REQUIRED,
  EMAIL_CHANGE_CONFIRMED,
  EMAIL_CHANGE_PASSWORD_REQUIRED,
  EMAIL_CHANGE_UNDONE,
  emailChangeSent,
  INVALID_EMAIL_CHANGE_LINK,
  INVALID_EMAIL_UNDO_LINK,
  INVALID_RESET_TOKEN,
  MISSING_EMAIL_CHANGE_TOKEN,
  TOO_MANY_EMAIL_CHANGES,
  TWO_FACTOR_CODE_WRONG,
  WRONG_CURRENT_PASSWORD,
} from '@caucus/contract';
import { hashToken } from '../src/modules/auth/tokens';
import { latestEmailTo } from '../src/modules/email';
import { EMAIL_IN_USE } from '../src/modules/settings/service';
import { createAccountWithUser, login, type LoggedIn, type TestMember } from './helpers/fixtures';
import { freshApp } from './helpers/twoAccountApp';

const ctx = freshApp();
let knex: Knex, app: Koa;
beforeAll(() => ({ knex, app } = ctx));

const http = () => request(app.callback());
const as = (who: LoggedIn) => ({ Authorization: `Bearer ${who.token}` });
const DAY = 24 * 3600 * 1000;

let counter = 0;
const freshAddress = () => `moved${++counter}-${Date.now()}@example.net`;

/** The whole account form, as the settings page sends it. */
function accountBody(member: TestMember, changes: Record<string, unknown> = {}) {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    phone: '',
    timezone: 'America/New_York',
    language: 'en',
    dateFormat: 'MM/DD/YYYY',
    ...changes,
  };
}

async function linkIn(to: string, kind: string, page: string): Promise<string> {
  const email = await latestEmailTo(knex, to, kind);
  const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(email?.text ?? '');
  if (!match) throw new Error(`no ${page} link in the ${kind} email to ${to}: ${email?.text}`);
  return match[1];
}

async function emailsTo(to: string) {
  return knex('email_outbox').where('to', to).orderBy('id', 'asc').select('kind', 'subject', 'text');
}

async function storedEmail(userId: string): Promise<string> {
  return (await knex('users').where('id', userId).first('email')).email;
}

/** Starts a change with the password; answers the confirm and undo tokens from the two emails. */
async function requestChange(me: LoggedIn, newEmail: string, extra: Record<string, unknown> = {}) {
  const res = await http()
    .put('/api/settings/account')
    .set(as(me))
    .send(accountBody(me, { email: newEmail, currentPassword: me.password, ...extra }));
  expect(res.status).toBe(200);
  return {
    res,
    confirmToken: await linkIn(newEmail.toLowerCase(), 'email_change_confirm', 'confirm-email'),
    undoToken: await linkIn(me.email, 'email_change_notice', 'undo-email-change'),
  };
}

describe('changing the sign-in email', () => {
  test('a session alone cannot: the current password is required, and a refused change saves nothing and emails no one', async () => {
    const member = await createAccountWithUser(knex);
    const me = await login(app, member);
    const target = freshAddress();
    const missing = await http()
      .put('/api/settings/account')
      .set(as(me))
      .send(accountBody(member, { email: target, firstName: 'Mallory' }));
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual({ currentPassword: EMAIL_CHANGE_PASSWORD_REQUIRED });
    const wrong = await http()
      .put('/api/settings/account')
      .set(as(me))
      .send(accountBody(member, { email: target, firstName: 'Mallory', currentPassword: 'not-it' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });
    expect(await storedEmail(member.userId)).toBe(member.email);
    expect((await http().get('/api/settings/account').set(as(me))).body.data).toMatchObject({
      firstName: member.firstName,
      email: member.email,
      pendingEmail: null,
    });
    expect(await emailsTo(target)).toEqual([]);
    expect(await emailsTo(member.email)).toEqual([]);

    // The other fields keep working without a password.
    const saved = await http()
      .put('/api/settings/account')
      .set(as(me))
      .send(accountBody(member, { firstName: 'Dana', phone: '555-0100' }));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ firstName: 'Dana', phone: '555-0100', email: member.email, pendingEmail: null });
    expect(saved.body.data.message).toBeUndefined();
  });

  test('with the password nothing moves until the link sent to the new address is opened; the old address is told with an undo link', async () => {
    const member = await createAccountWithUser(knex);
    const me = await login(app, member);
    const target = freshAddress();
    const { res, confirmToken, undoToken } = await requestChange(me, target.toUpperCase().replace('@EXAMPLE.NET', '@example.net'), { firstName: 'Dana' });
    expect(res.body.data).toMatchObject({ firstName: 'Dana', email: member.email, pendingEmail: target, message: emailChangeSent(target) });

    const notice = await latestEmailTo(knex, member.email, 'email_change_notice');
    expect(notice?.subject).toBe('Your Caucus sign-in email is being changed');
    expect(notice?.text).toContain(`from ${member.email} to ${target}`);
    expect(notice?.text).toContain('within 7 days');
    // Only digests are stored, like the reset tokens.
    const row = await knex('email_changes').where('userId', member.userId).first();
    expect(row).toMatchObject({ confirmTokenHash: hashToken(confirmToken), undoTokenHash: hashToken(undoToken), newEmail: target, oldEmail: member.email });
    expect(JSON.stringify(row)).not.toContain(confirmToken);

    // Still the old address until confirmed.
    expect((await http().post('/api/auth/login').send({ email: target, password: member.password })).status).toBe(401);
    expect(await storedEmail(member.userId)).toBe(member.email);

    const confirmed = await http().post('/api/auth/email-change/confirm').send({ token: confirmToken });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ message: EMAIL_CHANGE_CONFIRMED, email: target });
    expect((await http().get('/api/settings/account').set(as(me))).body.data).toMatchObject({ email: target, pendingEmail: null });
    expect((await http().post('/api/auth/login').send({ email: target, password: member.password })).status).toBe(200);
    expect((await http().post('/api/auth/login').send({ email: member.email, password: member.password })).status).toBe(401);
    // Single use.
    const again = await http().post('/api/auth/email-change/confirm').send({ token: confirmToken });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(INVALID_EMAIL_CHANGE_LINK);
  });

  test('a confirm link expires after 24 hours, dies when a newer change is asked for, and never takes an address taken meanwhile', async () => {
    const member = await createAccountWithUser(knex);
    const me = await login(app, member);
    const first = await requestChange(me, freshAddress());
    const second = await requestChange(me, freshAddress());
    expect((await http().post('/api/auth/email-change/confirm').send({ token: first.confirmToken })).status).toBe(400);

    await knex('email_changes')
      .where('confirmTokenHash', hashToken(second.confirmToken))
      .update({ confirmExpiresAt: new Date(Date.now() - 1000) });
    const expired = await http().post('/api/auth/email-change/confirm').send({ token: second.confirmToken });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(INVALID_EMAIL_CHANGE_LINK);
    expect((await http().get('/api/settings/account').set(as(me))).body.data).toMatchObject({ email: member.email, pendingEmail: null });

    const target = freshAddress();
    const third = await requestChange(me, target);
    await createAccountWithUser(knex, { email: target });
    const taken = await http().post('/api/auth/email-change/confirm').send({ token: third.confirmToken });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(EMAIL_IN_USE);
    expect(await storedEmail(member.userId)).toBe(member.email);
    // An address that already has an account is refused up front.
    const upFront = await http()
      .put('/api/settings/account')
      .set(as(me))
      .send(accountBody(member, { email: target, currentPassword: member.password }));
    expect(upFront.status).toBe(409);
    expect(upFront.body.details).toEqual({ email: EMAIL_IN_USE });

    for (const [body, field, message] of [
      [{}, 'token', MISSING_EMAIL_CHANGE_TOKEN],
      [{ token: '' }, 'token', MISSING_EMAIL_CHANGE_TOKEN],
    ] as const) {
      const res = await http().post('/api/auth/email-change/confirm').send(body);
      expect(res.status).toBe(400);
      expect(res.body.details[field]).toBe(message);
    }
    expect(
      (
        await http()
          .post('/api/auth/email-change/confirm')
          .send({ token: 'x'.repeat(43) })
      ).status,
    ).toBe(400);
  });

  test('with two-factor sign-in on, a code is needed too', async () => {
    const member = await createAccountWithUser(knex);
    const me = await login(app, member);
    const setup = await http().post('/api/settings/two-factor/setup').set(as(me)).send({ currentPassword: me.password });
    const secret = setup.body.data.secret as string;
    const codeAt = (steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    expect(
      (
        await http()
          .post('/api/settings/two-factor/confirm')
          .set(as(me))
          .send({ code: await codeAt(0) })
      ).status,
    ).toBe(200);
    const target = freshAddress();

    const missing = await http()
      .put('/api/settings/account')
      .set(as(me))
      .send(accountBody(member, { email: target, currentPassword: member.password }));
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual({ twoFactorCode: EMAIL_CHANGE_CODE_REQUIRED });
    const right = await codeAt(1);
    const wrongCode = String((Number(right) + 1) % 1000000).padStart(6, '0');
    const wrong = await http()
      .put('/api/settings/account')
      .set(as(me))
      .send(accountBody(member, { email: target, currentPassword: member.password, twoFactorCode: wrongCode }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual({ twoFactorCode: TWO_FACTOR_CODE_WRONG });
    expect(await emailsTo(target)).toEqual([]);

    const { res } = await requestChange(me, target, { twoFactorCode: right });
    expect(res.body.data.pendingEmail).toBe(target);
  });

  test('requests are limited per user, and wrong passwords count against the login', async () => {
    const member = await createAccountWithUser(knex);
    const me = await login(app, member);
    for (let i = 0; i < 5; i += 1) await requestChange(me, freshAddress());
    const sixth = await http()
      .put('/api/settings/account')
      .set(as(me))
      .send(accountBody(member, { email: freshAddress(), currentPassword: member.password }));
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(TOO_MANY_EMAIL_CHANGES);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

    const other = await createAccountWithUser(knex);
    const them = await login(app, other);
    for (let i = 0; i < 10; i += 1) {
      const res = await http()
        .put('/api/settings/account')
        .set(as(them))
        .send(accountBody(other, { email: freshAddress(), currentPassword: `guess-${i}` }));
      expect(res.status).toBe(400);
    }
    const guessed = await http()
      .put('/api/settings/account')
      .set(as(them))
      .send(accountBody(other, { email: freshAddress(), currentPassword: other.password }));
    expect(guessed.status).toBe(429);
    // The login door is the same one.
    expect((await http().post('/api/auth/login').send({ email: other.email, password: other.password })).status).toBe(429);
  });
});

describe('undoing a change from the old address', () => {
  test('a stolen session plus the password no longer keeps the account: undo restores the email and locks the attacker out', async () => {
    const member = await createAccountWithUser(knex);
    const owner = await login(app, member);
    // The attacker: the owner's password and a session of their own.
    const attacker = await login(app, member);
    const attackerEmail = freshAddress();
    const { confirmToken, undoToken } = await requestChange(attacker, attackerEmail);
    expect((await http().post('/api/auth/email-change/confirm').send({ token: confirmToken })).status).toBe(200);
    // ...enrols their own authenticator and asks for a reset link at their address.
    const setup = await http().post('/api/settings/two-factor/setup').set(as(attacker)).send({ currentPassword: attacker.password });
    const attackerCode = await generate({ secret: setup.body.data.secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await http().post('/api/settings/two-factor/confirm').set(as(attacker)).send({ code: attackerCode })).status).toBe(200);
    expect((await http().post('/api/auth/forgot-password').send({ email: attackerEmail })).status).toBe(200);
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec((await latestEmailTo(knex, attackerEmail, 'password_reset'))?.text ?? '')?.[1];
    expect(resetToken).toBeDefined();

    // Bad input changes nothing.
    const short = await http().post('/api/auth/email-change/undo').send({ token: undoToken, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.details.password).toBe('Password must be at least 8 characters long');
    expect(
      (
        await http()
          .post('/api/auth/email-change/undo')
          .send({ token: 'y'.repeat(43), password: 'a-new-Password-9' })
      ).status,
    ).toBe(400);
    expect(await storedEmail(member.userId)).toBe(attackerEmail);

    const undone = await http().post('/api/auth/email-change/undo').send({ token: undoToken, password: 'owner-takes-back-9' });
    expect(undone.status).toBe(200);
    expect(undone.body.data).toEqual({ message: EMAIL_CHANGE_UNDONE, email: member.email });

    expect(await storedEmail(member.userId)).toBe(member.email);
    // Every session ended, the attacker's first.
    expect((await http().get('/api/settings/account').set(as(attacker))).status).toBe(401);
    expect((await http().get('/api/settings/account').set(as(owner))).status).toBe(401);
    // The reset link at the attacker's address is spent, the old password and the attacker's second factor are gone.
    const reset = await http().post('/api/auth/reset-password').send({ token: resetToken, password: 'attacker-again-1' });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(INVALID_RESET_TOKEN);
    expect((await http().post('/api/auth/login').send({ email: member.email, password: member.password })).status).toBe(401);
    expect((await http().post('/api/auth/login').send({ email: attackerEmail, password: member.password })).status).toBe(401);
    const back = await http().post('/api/auth/login').send({ email: member.email, password: 'owner-takes-back-9' });
    expect(back.status).toBe(200);
    expect(back.body.data.token).toEqual(expect.any(String));
    expect(await knex('two_factor_recovery_codes').where('userId', member.userId)).toHaveLength(0);
    expect((await latestEmailTo(knex, member.email, 'email_change_undone'))?.text).toContain(`You sign in with ${member.email}`);

    // Single use.
    const again = await http().post('/api/auth/email-change/undo').send({ token: undoToken, password: 'attacker-again-1' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(INVALID_EMAIL_UNDO_LINK);
  });

  test('an undo before confirmation cancels the change; the link works for 7 days', async () => {
    const member = await createAccountWithUser(knex);
    const me = await login(app, member);
    const pending = await requestChange(me, freshAddress());
    expect((await http().post('/api/auth/email-change/undo').send({ token: pending.undoToken, password: 'brand-new-pass-1' })).status).toBe(200);
    expect((await http().post('/api/auth/email-change/confirm').send({ token: pending.confirmToken })).status).toBe(400);
    expect(await storedEmail(member.userId)).toBe(member.email);

    const again = await login(app, { ...member, password: 'brand-new-pass-1' });
    const late = await requestChange(again, freshAddress());
    await knex('email_changes')
      .where('undoTokenHash', hashToken(late.undoToken))
      .update({ undoExpiresAt: new Date(Date.now() - DAY) });
    const expired = await http().post('/api/auth/email-change/undo').send({ token: late.undoToken, password: 'another-pass-12' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(INVALID_EMAIL_UNDO_LINK);
    expect((await http().get('/api/settings/account').set(as(again))).status).toBe(200);
  });
});
