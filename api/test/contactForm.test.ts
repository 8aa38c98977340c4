import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { createTestDb, type TestDb } from './support/testDb';
import { testApp } from './helpers/fixtures';
import { latestEmailTo } from '../src/modules/email';

const THANKS = "Thank you for your message. We'll get back to you within 24 hours.";

let db: TestDb;
let knex: Knex;
let app: Koa;
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  app = testApp(knex, { trustProxy: true, bodyLimitBytes: 16 * 1024 });
});

afterAll(async () => {
  await db.destroy();
});

const valid = () => ({
  name: 'Jordan Lee',
  email: 'jordan@example.org',
  subject: 'sales',
  message: 'We are a county party and would like a demo for twelve volunteers.',
});

function send(body: unknown, ip = nextIp(), target: Koa = app) {
  return request(target.callback())
    .post('/api/contact-form')
    .set('X-Forwarded-For', ip)
    .send(body as object);
}

async function count(table: string): Promise<number> {
  const row = await knex(table).count<{ count: number | string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

describe('POST /api/contact-form', () => {
  it('stores the message and queues a notice to support', async () => {
    const ip = nextIp();
    const res = await send({ ...valid(), name: '  Jordan Lee  ' }, ip);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { success: true, message: THANKS } });

    const stored = await knex('contact_messages').where('email', 'jordan@example.org').first();
    expect(stored).toMatchObject({ name: 'Jordan Lee', subject: 'sales', message: valid().message, ip });
    const notice = await latestEmailTo(knex, 'support@caucus.app');
    expect(notice).toMatchObject({ kind: 'contact_notice', subject: 'Contact form (sales): Jordan Lee', sentAt: null });
    expect(notice?.text).toContain('Email: jordan@example.org');
    expect(notice?.text).toContain(valid().message);
  });

  it('sends the notice to SUPPORT_EMAIL and refuses a name with line breaks (no header of the notice can be forged)', async () => {
    const other = testApp(knex, { trustProxy: true, supportEmail: 'help@committee.example' });
    const forged = await send({ ...valid(), name: 'Eve\r\nBcc: victim@example.org', subject: 'partnership' }, nextIp(), other);
    expect(forged.status).toBe(400);
    expect(forged.body.details).toEqual({ name: 'Name must not contain line breaks, tabs, control characters or text-direction overrides' });
    expect(await latestEmailTo(knex, 'help@committee.example', 'contact_notice')).toBeUndefined();
    const res = await send({ ...valid(), name: 'Eve Adams', subject: 'partnership' }, nextIp(), other);
    expect(res.status).toBe(201);
    const notice = await latestEmailTo(knex, 'help@committee.example', 'contact_notice');
    expect(notice?.subject).toBe('Contact form (partnership): Eve Adams');
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'Name is required'],
    ['a blank name', { name: '   ' }, 'name', 'Name is required'],
    ['a missing email', { email: undefined }, 'email', 'Email is required'],
    ['a malformed email', { email: 'jordan-at-example' }, 'email', 'Please enter a valid email address'],
    ['a missing subject', { subject: undefined }, 'subject', 'Please select a subject'],
    ['an unknown subject', { subject: 'lunch' }, 'subject', 'Please select a subject'],
    ['a missing message', { message: undefined }, 'message', 'Message is required'],
    ['a numeric name', { name: 42 }, 'name', 'Name is required'],
    ['a message that is a list', { message: ['hello'] }, 'message', 'Message is required'],
    ['a message over 5000 characters', { message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
    ['a name over 255 characters', { name: 'n'.repeat(256) }, 'name', 'Name must be at most 255 characters'],
  ])('refuses %s with 400 and stores nothing', async (_label, change, field, message) => {
    const before = [await count('contact_messages'), await count('email_outbox')];
    const res = await send({ ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.details[field]).toBe(message);
    expect([await count('contact_messages'), await count('email_outbox')]).toEqual(before);
  });

  it('refuses a body that is not a JSON object, an empty body, and an oversized body', async () => {
    const before = [await count('contact_messages'), await count('email_outbox')];
    expect((await send([valid()])).status).toBe(400);
    expect((await send('')).status).toBe(400);
    const form = await request(app.callback()).post('/api/contact-form').type('form').send(valid());
    expect(form.status).toBe(415);
    const huge = await send({ ...valid(), message: 'x'.repeat(20 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'Request body too large: the limit is 16 KiB' });
    expect([await count('contact_messages'), await count('email_outbox')]).toEqual(before);
  });

  it('accepts exactly 5000 characters', async () => {
    expect((await send({ ...valid(), message: 'y'.repeat(5000) })).status).toBe(201);
  });

  it('limits one ip to ten messages an hour', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) expect((await send(valid(), ip)).status).toBe(201);
    const limited = await send(valid(), ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too many messages. Please try again later.' });
    expect((await send(valid(), nextIp())).status).toBe(201);
  });
});
