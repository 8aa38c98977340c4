import request from 'supertest';
import { createApp } from '../src/app';
import { createBullQueue } from '../src/jobs/bullmq';
import { newId } from '../src/lib/ids';
import { createAccountWithUser, insertList, login, testConfig, type LoggedIn } from './helpers/fixtures';
import { killWorkers, REDIS_URL, redisReachable, spawnWorker, waitFor } from './helpers/workers';
import { startSmtpSink, type SmtpSink } from './support/smtpSink';
import { createTestDb, testEngine, type TestDb } from './support/testDb';

// An email to a list of 10,000 is delivered by a real worker process through a real SMTP server; the
// worker is killed (SIGKILL, no cleanup) mid-send, a new one finishes it, nobody receives it twice,
// and every count adds up. 10,000 on MariaDB, the production database; the embedded SQLite database
// proves the same claims on 1,000 (at 10,000 it alone took five minutes of CI).

const RECIPIENTS = testEngine() === 'mysql' ? 10_000 : 1_000;
const KILL_AFTER = RECIPIENTS * 0.15;
const WITHOUT_EMAIL = 40;

let db: TestDb;
let smtp: SmtpSink;
let app: ReturnType<typeof createApp>;
let who: LoggedIn;
const prefix = `caucus-send-test-${process.pid}-${Date.now()}`;
const startWorker = () =>
  spawnWorker(prefix, { SEND_LEASE_MS: '1500', SEND_BATCH_SIZE: '100', SMTP_URL: smtp.url, PUBLIC_URL: 'https://caucus.example', ...db.env }, 'inherit');

let reachable = false;

beforeAll(async () => {
  reachable = await redisReachable();
  db = await createTestDb();
  smtp = await startSmtpSink({ parse: false });
  app = createApp({ knex: db.knex, config: testConfig({ publicUrl: 'https://caucus.example' }), jobs: () => createBullQueue(REDIS_URL, prefix) });
  who = await login(app as never, await createAccountWithUser(db.knex));
  await db.knex('accounts').where('id', who.accountId).update({ addressLine1: '1 Elm Street', city: 'Springfield', state: 'IL', zipCode: '62701' });
}, 60_000);

afterAll(async () => {
  killWorkers();
  await app?.jobs.queue.close();
  await smtp?.close();
  await db?.destroy();
});

it(`sends to ${RECIPIENTS.toLocaleString('en-US')}, survives a SIGKILL of the worker without sending anyone twice, and the counts add up`, async () => {
  if (!reachable) {
    throw new Error(`Redis is not reachable at ${REDIS_URL}; this test needs a real Redis (set REDIS_TEST_URL)`);
  }
  const { accountId } = who;
  const listId = await insertList(db.knex, accountId, { name: 'Everyone' });
  const now = new Date();
  const total = RECIPIENTS + WITHOUT_EMAIL;
  for (let start = 0; start < total; start += 500) {
    const contacts = [];
    for (let i = start; i < Math.min(total, start + 500); i += 1) {
      contacts.push({
        id: newId(),
        accountId,
        firstName: `Reader${i}`,
        lastName: 'Kill',
        primaryEmail: i < RECIPIENTS ? `reader${i}@example.org` : null,
        status: 'active',
        country: 'US',
        totalDonated: 0,
        tags: '[]',
        createdAt: now,
        updatedAt: now,
      });
    }
    await db.knex('contacts').insert(contacts);
    await db.knex('contact_list_members').insert(contacts.map((c) => ({ id: newId(), accountId, listId, contactId: c.id, source: 'manual', addedAt: now })));
  }
  const templateId = (
    await request(app.callback())
      .post('/api/templates')
      .set('Authorization', `Bearer ${who.token}`)
      .send({ name: 'Big', purpose: 'list', subject: 'Hello {{firstName}}', bodyText: 'News for {{firstName}}.' })
  ).body.data.template.id as string;
  const created = await request(app.callback()).post('/api/messages').set('Authorization', `Bearer ${who.token}`).send({ listId, templateId });
  expect(created.status).toBe(201);
  const sendId = created.body.data.message.id as string;

  const progress = async () => {
    const rows = (await db.knex('sent_messages').where({ sendId }).groupBy('status').select('status').count({ n: '*' })) as { status: string; n: unknown }[];
    const send = await db.knex('message_sends').where({ id: sendId }).first('status');
    return { status: String(send.status), ...Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) } as Record<string, number | string>;
  };

  const first = startWorker();
  await waitFor(progress, (p) => Number(p.sent ?? 0) >= KILL_AFTER, 400_000, 5);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const afterKill = await progress();
  expect(afterKill.status).toBe('sending');
  expect(Number(afterKill.sent ?? 0)).toBeLessThan(RECIPIENTS);

  startWorker();
  const final = await waitFor(progress, (p) => p.status === 'sent', 1_000_000, 200);

  // Nobody twice: every address arrived at most once.
  const addresses = smtp.raw.map((message) => /^To: (\S+)/m.exec(message)?.[1] ?? '');
  expect(new Set(addresses).size).toBe(addresses.length);
  const sent = Number(final.sent ?? 0);
  const failed = Number(final.failed ?? 0);
  // Counts add up: each recipient ends sent, or failed (only those the kill caught mid-delivery).
  expect(sent + failed).toBe(RECIPIENTS);
  expect(final.queued ?? 0).toBe(0);
  expect(final.sending ?? 0).toBe(0);
  expect(failed).toBeLessThanOrEqual(4);
  expect(addresses.length).toBeGreaterThanOrEqual(sent);
  expect(addresses.length).toBeLessThanOrEqual(sent + failed);
  const row = await db.knex('message_sends').where({ id: sendId }).first('totalCount', 'excludedNoEmail', 'emailCount');
  expect([Number(row.totalCount), Number(row.excludedNoEmail), Number(row.emailCount)]).toEqual([total, WITHOUT_EMAIL, RECIPIENTS]);
  // Every message carries the one-click unsubscribe headers.
  expect(smtp.raw.every((message) => /^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m.test(message))).toBe(true);
}, 1_500_000);
