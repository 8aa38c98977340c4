import type { Knex } from 'knex';
import request from 'supertest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createAccountWithUser, login, TEST_HASH_COST, type LoggedIn } from './helpers/fixtures';
import { startSmtpSink, type SmtpSink } from './support/smtpSink';
import { createTestDb, type TestDb } from './support/testDb';

// The invitation email through a real SMTP server (smtp-server), configured the way an install is:
// SMTP_URL. The invitee takes the link from the email as received, accepts it and signs in.

let db: TestDb;
let knex: Knex;
let smtp: SmtpSink;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  smtp = await startSmtpSink();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://app.caucus.example',
    MAIL_FROM: 'Caucus <team@caucus.example>',
  });
  app = createApp({ knex, config: { ...config, passwordHashCost: TEST_HASH_COST } });
});

afterAll(async () => {
  await app.jobs.queue.close();
  await smtp.close();
  await db.destroy();
});

const http = () => request(app.callback());

/** Delivery happens after the request's transaction commits: wait for the message to arrive. */
async function received(to: string, timeoutMs = 10_000) {
  const started = Date.now();
  for (;;) {
    const mail = smtp.messages.find((m) => (m.to as { text: string } | undefined)?.text === to);
    if (mail) return mail;
    if (Date.now() - started > timeoutMs) throw new Error(`no email to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the invitation email over SMTP', () => {
  it('arrives with a working link: the invitee accepts it, joins with the role, and signs in', async () => {
    const owner: LoggedIn = await login(app as never, await createAccountWithUser(knex, { accountName: 'Rivera for Congress' }));
    await knex('accounts').where({ id: owner.accountId }).update({ planId: 'team' });
    const email = `treasurer-${Date.now()}@example.org`;

    const invited = await http().post('/api/team/invitations').set('Authorization', `Bearer ${owner.token}`).send({ email, role: 'treasurer' });
    expect(invited.status).toBe(201);

    const mail = await received(email);
    expect(mail.from?.text).toContain('team@caucus.example');
    expect(mail.subject).toMatch(/Rivera for Congress/);
    const text = mail.text ?? '';
    expect(text).toContain('Treasurer');
    const link = /https:\/\/app\.caucus\.example\/invitation\?token=([\w%-]+)/.exec(text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]);
    // The outbox row was marked sent once the SMTP server accepted it.
    const row = await knex('email_outbox').where({ to: email, kind: 'team_invitation' }).first('sentAt', 'error');
    expect(row.error).toBeNull();

    const accepted = await http().post('/api/team/invitations/accept').send({ token, firstName: 'Sam', lastName: 'Lee', password: 'treasurer-2026-ok' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ accountId: owner.accountId, role: 'treasurer' });

    const signIn = await http().post('/api/auth/login').send({ email, password: 'treasurer-2026-ok' });
    expect(signIn.status).toBe(200);
    const me = await http().get('/api/auth/me').set('Authorization', `Bearer ${signIn.body.data.token}`);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ role: 'treasurer' });
    expect(me.body.data.permissions).toContain('gifts.review');
    expect(me.body.data.permissions).not.toContain('team.write');

    // The link works once.
    const again = await http().post('/api/team/invitations/accept').send({ token, firstName: 'Sam', lastName: 'Lee', password: 'treasurer-2026-ok' });
    expect(again.status).toBeGreaterThanOrEqual(400);
  });
});
