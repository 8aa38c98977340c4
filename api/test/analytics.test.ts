import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { createTestDb, type TestDb } from './support/testDb';
import { createAccountWithUser, login, testApp, type LoggedIn } from './helpers/fixtures';

let db: TestDb;
let knex: Knex;
let app: Koa;
let member: LoggedIn;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  app = testApp(knex);
  member = await login(app, await createAccountWithUser(knex));
});

afterAll(async () => {
  await db.destroy();
});

beforeEach(async () => {
  await knex('analytics_events').delete();
});

const post = (body: unknown) => request(app.callback()).post('/api/analytics/events').send(body as object);

describe('POST /api/analytics/events', () => {
  it('stores anonymous events', async () => {
    const res = await post({ events: [{ name: 'page_view', path: '/pricing', properties: { title: 'Pricing' } }, { name: 'button_click' }] });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ data: { accepted: 2 } });
    const rows = await knex('analytics_events').orderBy('name');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ name: 'page_view', path: '/pricing', userId: null, accountId: null });
    expect(JSON.parse(rows[1].properties)).toEqual({ title: 'Pricing' });
  });

  it('stores the user and account when signed in', async () => {
    const res = await request(app.callback())
      .post('/api/analytics/events')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ events: [{ name: 'contact_created', occurredAt: '2026-05-01T10:00:00.000Z' }] });
    expect(res.status).toBe(202);
    const row = await knex('analytics_events').first();
    expect(row).toMatchObject({ name: 'contact_created', userId: member.userId, accountId: member.accountId });
  });

  it('treats a stale credential as anonymous instead of signing the visitor out', async () => {
    const res = await request(app.callback())
      .post('/api/analytics/events')
      .set('Authorization', 'Bearer not-a-real-token')
      .send({ events: [{ name: 'page_view' }] });
    expect(res.status).toBe(202);
  });

  it.each([
    ['an unknown name', { events: [{ name: 'page_view' }, { name: 'steal_cookies' }] }, 'events.1.name', 'Unknown analytics event name'],
    ['too many events', { events: Array.from({ length: 51 }, () => ({ name: 'search' })) }, 'events', 'At most 50 events per request'],
    ['no events', { events: [] }, 'events', 'At least one event is required'],
    ['a missing list', {}, 'events', 'events must be a list'],
    ['a time in year 0', { events: [{ name: 'page_view', occurredAt: '0000-01-01T00:00:00Z' }] }, 'events.0.occurredAt', 'Occurred at must be a real date between 1900 and 2100'],
    ['a time in year 9999', { events: [{ name: 'page_view' }, { name: 'search', occurredAt: '9999-12-31T23:59:59.999+02:00' }] }, 'events.1.occurredAt', 'Occurred at must be a real date between 1900 and 2100'],
  ])('rejects %s with 400 and stores nothing', async (_label, body, field, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toBe(message);
    expect(await knex('analytics_events').count({ count: '*' }).first()).toMatchObject({ count: 0 });
  });

  it('accepts every event name of the spec', async () => {
    const names = ['page_view', 'sign_up', 'login', 'campaign_created', 'contact_created', 'event_created', 'donation_form_viewed', 'file_uploaded', 'search', 'button_click', 'form_submit_success', 'form_submit_error', 'feature_used'];
    const res = await post({ events: names.map((name) => ({ name })) });
    expect(res.status).toBe(202);
    expect(res.body.data.accepted).toBe(13);
  });
});
