import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { DEFAULT_RATE_LIMITS } from '../src/config';
import { MAX_ANONYMOUS_ANALYTICS_EVENTS_PER_CALL } from '@caucus/contract';
import { newId } from '../src/lib/ids';
import { createAnalyticsRepository } from '../src/modules/analytics/repository';
import { ANALYTICS_QUOTA_MESSAGE, createAnalyticsService } from '../src/modules/analytics/service';
import { createAccountWithUser, login, testApp, type LoggedIn } from './helpers/fixtures';
import { freshApp } from './helpers/twoAccountApp';

const ctx = freshApp();
let knex: Knex, app: Koa;
let member: LoggedIn;

beforeAll(async () => {
  ({ knex, app } = ctx);
  member = await login(app, await createAccountWithUser(knex));
});

beforeEach(async () => {
  await knex('analytics_events').delete();
});

const post = (body: unknown) =>
  request(app.callback())
    .post('/api/analytics/events')
    .send(body as object);

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

  it("takes a visitor's full batch with every event the frontends send", async () => {
    // The browser client flushes at this bound (design-system's ANALYTICS_MAX_BATCH); one unknown
    // name (the shell's section_unavailable once was) would refuse every event of the batch.
    const names = ['page_view', 'section_unavailable', ...Array.from({ length: MAX_ANONYMOUS_ANALYTICS_EVENTS_PER_CALL - 2 }, () => 'button_click')];
    const res = await post({ events: names.map((name) => ({ name, properties: { remote: 'mfe_contacts', message: 'x'.repeat(200) } })) });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ data: { accepted: MAX_ANONYMOUS_ANALYTICS_EVENTS_PER_CALL } });
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
    ['too many events', { events: Array.from({ length: 21 }, () => ({ name: 'search' })) }, 'events', 'At most 20 events per request'],
    ['no events', { events: [] }, 'events', 'At least one event is required'],
    ['a missing list', {}, 'events', 'events must be a list'],
    [
      'a time in year 0',
      { events: [{ name: 'page_view', occurredAt: '0000-01-01T00:00:00Z' }] },
      'events.0.occurredAt',
      'Occurred at must be a real date between 1900 and 2100',
    ],
    [
      'a time in year 9999',
      { events: [{ name: 'page_view' }, { name: 'search', occurredAt: '9999-12-31T23:59:59.999+02:00' }] },
      'events.1.occurredAt',
      'Occurred at must be a real date between 1900 and 2100',
    ],
  ])('rejects %s with 400 and stores nothing', async (_label, body, field, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toBe(message);
    expect(await knex('analytics_events').count({ count: '*' }).first()).toMatchObject({ count: 0 });
  });

  it('accepts every event name of the spec', async () => {
    const names = [
      'page_view',
      'sign_up',
      'login',
      'campaign_created',
      'contact_created',
      'event_created',
      'donation_form_viewed',
      'file_uploaded',
      'search',
      'button_click',
      'form_submit_success',
      'form_submit_error',
      'feature_used',
    ];
    const res = await post({ events: names.map((name) => ({ name })) });
    expect(res.status).toBe(202);
    expect(res.body.data.accepted).toBe(13);
  });
});

describe('what a visitor may send', () => {
  it.each([
    ['more events than a page view needs', { events: Array.from({ length: 21 }, () => ({ name: 'page_view' })) }, 'events', 'At most 20 events per request'],
    [
      'large properties',
      { events: [{ name: 'page_view', properties: { a: 'x'.repeat(400), b: 'y'.repeat(400), c: 'z'.repeat(400) } }] },
      'events.0.properties',
      'properties must be at most 1024 bytes of JSON',
    ],
    [
      'a long property',
      { events: [{ name: 'search', properties: { query: 'q'.repeat(501) } }] },
      'events.0.properties',
      'Each property must be at most 500 characters (names at most 64)',
    ],
    [
      'a long property name',
      { events: [{ name: 'search', properties: { ['k'.repeat(65)]: 1 } }] },
      'events.0.properties',
      'Each property must be at most 500 characters (names at most 64)',
    ],
    [
      'many properties',
      { events: [{ name: 'search', properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i])) }] },
      'events.0.properties',
      'properties may have at most 20 keys',
    ],
    [
      'deep properties',
      { events: [{ name: 'search', properties: { a: { b: { c: { d: 1 } } } } }] },
      'events.0.properties',
      'properties must nest at most 3 levels',
    ],
  ])('refuses %s with 400 and stores nothing', async (_label, body, field, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toBe(message);
    expect(await knex('analytics_events').count({ count: '*' }).first()).toMatchObject({ count: 0 });
  });

  it('is allowed fewer calls per minute than before (30 per IP)', () => {
    expect(DEFAULT_RATE_LIMITS.anonymousAnalyticsPerIpPerMinute).toBe(30);
    expect(DEFAULT_RATE_LIMITS.anonymousAnalyticsPerIpPerDay).toBe(1_000);
  });

  it('is limited per IP and day too, with Retry-After', async () => {
    const limited = testApp(knex, { trustProxy: true, rateLimits: { ...DEFAULT_RATE_LIMITS, anonymousAnalyticsPerIpPerDay: 2 } });
    const send = () =>
      request(limited.callback())
        .post('/api/analytics/events')
        .set('X-Forwarded-For', '203.0.113.77')
        .send({ events: [{ name: 'page_view' }] });
    expect((await send()).status).toBe(202);
    expect((await send()).status).toBe(202);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(24 * 60 * 60));
  });

  it('may still send a signed-in sized batch once signed in', async () => {
    const res = await request(app.callback())
      .post('/api/analytics/events')
      .set('Authorization', `Bearer ${member.token}`)
      .send({
        events: Array.from({ length: 50 }, () => ({ name: 'search', properties: { text: 'x'.repeat(500), more: 'y'.repeat(500), most: 'z'.repeat(500) } })),
      });
    expect(res.status).toBe(202);
    const tooMany = await request(app.callback())
      .post('/api/analytics/events')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ events: Array.from({ length: 51 }, () => ({ name: 'search' })) });
    expect(tooMany.body.details.events).toBe('At most 50 events per request');
  });
});

describe('quotas of signed-in users and accounts', () => {
  const quotas = {
    ...DEFAULT_RATE_LIMITS,
    analyticsEventsPerUserPerMinute: 60,
    analyticsEventsPerUserPerDay: 150,
    analyticsEventsPerAccountPerMinute: 100,
    analyticsEventsPerAccountPerDay: 1000,
  };
  const batch = (n: number) => ({ events: Array.from({ length: n }, () => ({ name: 'page_view' as const })) });
  const send = (target: Koa, who: LoggedIn, n: number) =>
    request(target.callback()).post('/api/analytics/events').set('Authorization', `Bearer ${who.token}`).send(batch(n));
  const stored = async (column: 'userId' | 'accountId', id: string) =>
    Number((await knex('analytics_events').where(column, id).count({ count: '*' }).first())?.count);

  it('refuses a user past the per-minute quota with 429 and Retry-After, and stores none of that batch', async () => {
    const limited = testApp(knex, { rateLimits: quotas });
    expect((await send(limited, member, 50)).status).toBe(202);
    const refused = await send(limited, member, 11);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ANALYTICS_QUOTA_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await stored('userId', member.userId)).toBe(50);
    // What is left of the minute is still there.
    expect((await send(limited, member, 10)).status).toBe(202);
    expect(await stored('userId', member.userId)).toBe(60);
  });

  it('holds against parallel bursts (the burst of the finding: 4 clients at once)', async () => {
    const limited = testApp(knex, { rateLimits: quotas });
    const results = await Promise.all(Array.from({ length: 12 }, () => send(limited, member, 10)));
    expect(results.every((res) => res.status === 202 || res.status === 429)).toBe(true);
    expect(await stored('userId', member.userId)).toBeLessThanOrEqual(60);
    expect(await stored('userId', member.userId)).toBe(results.filter((res) => res.status === 202).length * 10);
  });

  it('counts every user of an account against its quota', async () => {
    const limited = testApp(knex, { rateLimits: { ...quotas, analyticsEventsPerAccountPerMinute: 70 } });
    const colleague = await login(app, await createAccountWithUser(knex));
    await knex('memberships').insert({
      id: newId(),
      accountId: member.accountId,
      userId: colleague.userId,
      role: 'member',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect((await send(limited, member, 50)).status).toBe(202);
    const asColleague = await request(limited.callback())
      .post('/api/analytics/events')
      .set('Authorization', `Bearer ${colleague.token}`)
      .set('X-Account-Id', member.accountId)
      .send(batch(30));
    expect(asColleague.status).toBe(429);
    expect(await stored('accountId', member.accountId)).toBe(50);
  });

  it('holds per day, counting what the database holds (any instance), and says when room comes back', async () => {
    const service = createAnalyticsService(createAnalyticsRepository(knex), () => new Date('2026-05-01T12:00:00.000Z'));
    const auth = { userId: member.userId, accountId: member.accountId, sessionId: 's' };
    // 140 events stored over the day by other instances: 10 left of the daily 150.
    const earlier = new Date('2026-04-30T13:00:00.000Z');
    await knex('analytics_events').insert(
      Array.from({ length: 140 }, (_, i) => ({
        id: `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`,
        name: 'page_view',
        userId: member.userId,
        accountId: member.accountId,
        createdAt: earlier,
      })),
    );
    await expect(service.record(batch(11), auth, quotas)).rejects.toMatchObject({ status: 429, retryAfterSeconds: 3600 });
    expect(await stored('userId', member.userId)).toBe(140);
    await expect(service.record(batch(10), auth, quotas)).resolves.toBe(10);
  });
});
