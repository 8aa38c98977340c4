import fc from 'fast-check';
import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { DEFAULT_RATE_LIMITS } from '../src/config';
import { createTestDb, testEngine, type TestDb } from './support/testDb';
import { createAccountWithUser, insertCampaign, insertContact, insertEvent, login, signupDetails, testApp, type LoggedIn } from './helpers/fixtures';

/**
 * Property: whatever a client sends to any route - a hostile value in any field of a valid body,
 * a random JSON body, a hostile path or query parameter - the API never answers 5xx, a refused
 * request changes no row, and nothing invalid (an impossible or out-of-range date, an amount that
 * is not positive or does not fit DECIMAL(14,2)) is ever stored. FUZZ_RUNS sets the number of
 * requests per property (CI keeps it small enough for both engines).
 */
const RUNS = Number(process.env.FUZZ_RUNS || 200);

let db: TestDb;
let knex: Knex;
let app: Koa;
let user: LoggedIn;
const ids: Record<'contact' | 'campaign' | 'event' | 'pledge' | 'donation' | 'document' | 'list' | 'smartList', string> = {
  contact: '',
  campaign: '',
  event: '',
  pledge: '',
  donation: '',
  document: 'doc_missing',
  list: '',
  smartList: '',
};

const COUNTED_TABLES = [
  'contacts',
  'contact_phone_numbers',
  'contact_email_addresses',
  'contact_addresses',
  'contact_education',
  'contact_employment',
  'contact_notes',
  'pledges',
  'donations',
  'campaigns',
  'events',
  'analytics_events',
  'contact_messages',
  'accounts',
  'users',
  'password_resets',
  'email_changes',
  'checkout_sessions',
  'contact_lists',
  'contact_list_members',
  'contact_documents',
] as const;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  // Generous per-IP limits: the fuzzer sends hundreds of anonymous requests from one address.
  app = testApp(knex, {
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      loginFailuresPerIp: 1_000_000,
      signupsPerIpPerHour: 1_000_000,
      anonymousAnalyticsPerIpPerMinute: 1_000_000,
      anonymousAnalyticsPerIpPerDay: 1_000_000,
    },
  });
  user = await login(app, await createAccountWithUser(knex));
  ids.contact = await insertContact(knex, user.accountId, { firstName: 'Fuzz' });
  ids.campaign = await insertCampaign(knex, user.accountId);
  ids.event = await insertEvent(knex, user.accountId, { campaignId: ids.campaign });
  const pledge = await as('post', `/api/contacts/${ids.contact}/pledges`).send({ pledgeAmount: 10, pledgeDate: '2026-01-01', campaignId: ids.campaign });
  ids.pledge = pledge.body.data.pledge.id;
  const donation = await as('post', `/api/contacts/${ids.contact}/donations`).send({ donationAmount: 5, donationDate: '2026-01-02', campaignId: ids.campaign });
  ids.donation = donation.body.data.donation.id;
  const list = await as('post', '/api/contact-lists').send({ name: 'Fuzzed', type: 'static' });
  ids.list = list.body.data.list.id;
  const smart = await as('post', '/api/contact-lists').send({
    name: 'Fuzzed smart',
    type: 'smart',
    rules: [{ field: 'firstName', operator: 'equals', value: 'Fuzz' }],
  });
  ids.smartList = smart.body.data.list.id;
});

afterAll(async () => {
  await db.destroy();
});

function as(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string) {
  return request(app.callback())[method](path).set('Authorization', `Bearer ${user.token}`).set('X-Requested-With', 'fuzz');
}

type Body = Record<string, unknown>;
/**
 * `anyBodyMayWrite`: an empty body is valid and the route writes (it takes no body, or a PATCH of a
 * smart list re-applies its rules), so random JSON it is sent may succeed and change rows.
 */
type Route = { method: 'post' | 'put' | 'patch' | 'delete'; path: () => string; body: () => Body; authed: boolean; anyBodyMayWrite?: true };

const contactBody = (): Body => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  birthDate: '1990-05-17',
  quickNotes: 'notes',
  tags: ['vip'],
  phoneNumbers: [{ phoneNumber: '555-0100', phoneType: 'mobile', isPrimary: true }],
  emailAddresses: [{ emailAddress: 'ada@example.org', emailType: 'personal', isPrimary: true }],
  addresses: [{ streetAddress1: '1 Main St', city: 'Springfield', stateProvince: 'IL', postalCode: '62701', country: 'US' }],
  education: [{ institutionName: 'State University', graduationYear: 2010, gpa: 3.5 }],
  employment: [{ companyName: 'Acme', startDate: '2020-01-15', endDate: '2021-02-01' }],
  notes: [{ subject: 'Hi', content: 'Met at the gala', noteType: 'meeting' }],
});
const pledgeBody = (): Body => ({ pledgeAmount: 100, pledgeDate: '2026-01-01', dueDate: '2026-06-01', campaignId: ids.campaign, notes: 'n' });
const donationBody = (): Body => ({
  donationAmount: 25.5,
  donationDate: '2026-02-01',
  processedDate: '2026-02-01T10:00:00Z',
  campaignId: ids.campaign,
  paymentMethod: 'check',
  checkNumber: '1001',
  taxDeductibleAmount: 25.5,
});
const campaignBody = (): Body => ({
  name: 'Spring drive',
  slug: `spring-${Math.random().toString(36).slice(2, 10)}`,
  campaignType: 'fundraising',
  fundraisingGoal: 5000,
  startDate: '2026-03-01',
  endDate: '2026-04-01',
  suggestedAmounts: [25, 50],
});
const eventBody = (): Body => ({
  name: 'Town hall',
  campaignId: ids.campaign,
  startDate: '2026-03-01T18:00:00Z',
  endDate: '2026-03-01T20:00:00Z',
  ticketPrice: 10,
});

const ROUTES: Route[] = [
  { method: 'post', path: () => '/api/contacts', body: contactBody, authed: true },
  { method: 'put', path: () => `/api/contacts/${ids.contact}`, body: contactBody, authed: true },
  { method: 'post', path: () => `/api/contacts/${ids.contact}/pledges`, body: pledgeBody, authed: true },
  { method: 'put', path: () => `/api/contacts/pledges/${ids.pledge}`, body: pledgeBody, authed: true },
  { method: 'post', path: () => `/api/contacts/${ids.contact}/donations`, body: donationBody, authed: true },
  { method: 'put', path: () => `/api/contacts/donations/${ids.donation}`, body: donationBody, authed: true },
  { method: 'post', path: () => '/api/campaigns', body: campaignBody, authed: true },
  { method: 'put', path: () => `/api/campaigns/${ids.campaign}`, body: campaignBody, authed: true },
  { method: 'post', path: () => '/api/events', body: eventBody, authed: true },
  { method: 'put', path: () => `/api/events/${ids.event}`, body: eventBody, authed: true },
  { method: 'put', path: () => `/api/contacts/${ids.contact}/documents/${ids.document}/rename`, body: () => ({ fileName: 'a.pdf' }), authed: true },
  {
    method: 'post',
    path: () => '/api/contact-lists',
    body: () => ({ name: 'Donors', type: 'smart', tags: ['a'], rules: [{ field: 'firstName', operator: 'equals', value: 'Ada' }] }),
    authed: true,
  },
  { method: 'patch', path: () => `/api/contact-lists/${ids.list}`, body: () => ({ name: 'Renamed', description: 'd', tags: ['b'] }), authed: true },
  { method: 'post', path: () => `/api/contact-lists/${ids.list}/contacts`, body: () => ({ contactIds: [ids.contact], notes: 'n' }), authed: true },
  { method: 'post', path: () => '/api/contact-lists/preview', body: () => ({ rules: [{ field: 'lastName', operator: 'equals', value: 'L' }] }), authed: true },
  { method: 'delete', path: () => `/api/contact-lists/${ids.list}/contacts`, body: () => ({ contactIds: [ids.contact], reason: 'r' }), authed: true },
  { method: 'post', path: () => `/api/contact-lists/${ids.smartList}/apply-rules`, body: () => ({}), authed: true, anyBodyMayWrite: true },
  {
    method: 'patch',
    path: () => `/api/contact-lists/${ids.smartList}`,
    body: () => ({ name: 'Smart', isActive: true, rules: [{ field: 'city', operator: 'contains', value: 'Spring' }] }),
    authed: true,
    anyBodyMayWrite: true,
  },
  { method: 'put', path: () => '/api/contact-lists/settings', body: () => ({ majorGiftThreshold: 1000 }), authed: true },
  {
    method: 'put',
    path: () => '/api/settings/account',
    body: () => ({
      firstName: 'Pat',
      lastName: 'Tester',
      email: user.email,
      phone: '555-0100',
      timezone: 'America/Chicago',
      language: 'en',
      dateFormat: 'YYYY-MM-DD',
    }),
    authed: true,
  },
  {
    method: 'put',
    path: () => '/api/settings/organization',
    body: () => ({
      name: 'Fuzz Committee',
      type: 'political',
      website: 'https://fuzz.example.org',
      description: 'd',
      street: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'United States',
      taxId: '12-3456789',
      primaryColor: '#112233',
      secondaryColor: '#445566',
      logo: null,
      favicon: null,
    }),
    authed: true,
  },
  { method: 'put', path: () => '/api/settings/notifications', body: () => ({ newDonations: false, loginAlertNewBrowser: true }), authed: true },
  { method: 'post', path: () => '/api/campaigns/refresh-all-totals', body: () => ({}), authed: true, anyBodyMayWrite: true },
  { method: 'post', path: () => '/api/analytics/events', body: () => ({ events: [{ name: 'page_view', path: '/x', properties: { a: 1 } }] }), authed: false },
  { method: 'post', path: () => '/api/contact-form', body: () => ({ name: 'N', email: 'n@example.org', subject: 'support', message: 'Hello' }), authed: false },
  { method: 'post', path: () => '/api/auth/login', body: () => ({ email: 'nobody@example.org', password: 'wrong-password' }), authed: false },
  { method: 'post', path: () => '/api/auth/forgot-password', body: () => ({ email: 'nobody@example.org' }), authed: false },
  {
    method: 'post',
    path: () => '/api/auth/reset-password',
    body: () => ({ token: 'x'.repeat(43), password: 'long-enough-1', confirmPassword: 'long-enough-1' }),
    authed: false,
  },
  { method: 'post', path: () => '/api/auth/signup', body: () => signupDetails(), authed: false },
  {
    method: 'post',
    path: () => '/api/billing/create-checkout-session',
    body: () => ({ planId: 'growth', customerEmail: 'x@example.org', successUrl: '/s', cancelUrl: '/c' }),
    authed: false,
  },
];

const deep = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

/** Values that have broken or slipped past APIs: impossible dates, cents that vanish, totals that overflow, text longer in bytes than in characters. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '2024-02-30',
    '2024-99-99',
    '0000-01-01',
    '9999-12-31',
    '1899-12-31',
    '2101-01-01',
    '2024-02-30T10:00:00Z',
    '9999-01-01T00:00:00Z',
    '2023-02-29',
  ),
  fc.constantFrom(0, -1, 0.001, 0.004, -0.01, 1e12, 999_999_999_999.99, 1e15, 1e308, 2 ** 53),
  fc.constantFrom('😀'.repeat(17_000), 'é'.repeat(33_000), 'x'.repeat(70_000), 'x'.repeat(2_049), '\u202Eexe.pdf', '\u0000'),
  fc.constantFrom(deep(40), deep(3000), [deep(2000)]),
  fc.constantFrom(null, true, false, [], {}, '', ' ', 'NaN', '1e999', '-1'),
  fc.string({ maxLength: 40 }),
  fc.double({ noNaN: true }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A path into a body: a top-level field, or a field of the first entry of a nested list. */
function fieldPaths(body: Body): string[][] {
  const paths: string[][] = [];
  for (const [key, value] of Object.entries(body)) {
    paths.push([key]);
    if (Array.isArray(value) && value[0] && typeof value[0] === 'object') {
      for (const inner of Object.keys(value[0] as object)) paths.push([key, '0', inner]);
    }
  }
  return [...paths, ['unexpectedField']];
}

function withValue(body: Body, path: string[], value: unknown): Body {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path[path.length - 1]] = value;
  return copy;
}

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const row = (await knex(table).count({ n: '*' }).first()) as { n: number | string };
    result[table] = Number(row.n);
  }
  return result;
}

async function send(route: Route, body: unknown) {
  const req = route.authed ? as(route.method, route.path()) : request(app.callback())[route.method](route.path());
  return req.set('Content-Type', 'application/json').send(JSON.stringify(body));
}

function describeCase(route: Route, status: number, body: unknown): string {
  const text = JSON.stringify(body);
  return `${route.method.toUpperCase()} ${route.path()} -> ${status} with ${text.length > 300 ? `${text.slice(0, 300)}…` : text}`;
}

const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

/**
 * Whether a stored value is a whole, real calendar date (or instant) in range: DATE columns come back
 * as 'YYYY-MM-DD' text, DATETIME as a Date (MariaDB) or epoch milliseconds (SQLite). Year, month and
 * day are all checked, so 2024-02-30 or 2024-13-01 stored as text would fail as surely as year 9999.
 */
function isSaneStoredDate(value: unknown): boolean {
  if (value instanceof Date || typeof value === 'number') {
    const time = value instanceof Date ? value.getTime() : value;
    if (!Number.isFinite(time)) return false;
    const year = new Date(time).getUTCFullYear();
    return year >= MIN_YEAR && year <= MAX_YEAR;
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(String(value));
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const utc = new Date(Date.UTC(year, month - 1, day));
  const realDay = utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day;
  return realDay && year >= MIN_YEAR && year <= MAX_YEAR && hour < 24 && minute < 60 && second < 60;
}

/** Nothing stored anywhere holds an impossible date or an amount outside (0, DECIMAL(14,2)). */
async function assertNothingInvalidStored(): Promise<void> {
  const dateColumns: [string, string][] = [
    ['contacts', 'birthDate'],
    ['contact_employment', 'startDate'],
    ['contact_employment', 'endDate'],
    ['pledges', 'pledgeDate'],
    ['pledges', 'dueDate'],
    ['donations', 'donationDate'],
    ['donations', 'processedDate'],
    ['campaigns', 'startDate'],
    ['campaigns', 'endDate'],
    ['events', 'startDate'],
    ['events', 'endDate'],
    ['events', 'startDay'],
    ['events', 'endDay'],
    ['analytics_events', 'occurredAt'],
  ];
  for (const [table, column] of dateColumns) {
    const values = (await knex(table).whereNotNull(column).pluck(column)) as unknown[];
    for (const value of values) {
      expect({ table, column, value, ok: isSaneStoredDate(value) }).toEqual({ table, column, value, ok: true });
    }
  }
  for (const [table, column] of [
    ['pledges', 'pledgeAmount'],
    ['donations', 'donationAmount'],
  ] as const) {
    const bad = (await knex(table).where(column, '<=', 0).orWhere(column, '>', 999_999_999_999.99).pluck(column)) as unknown[];
    expect({ table, column, bad }).toEqual({ table, column, bad: [] });
  }
}

jest.setTimeout(300_000);

it(`a hostile value in any field of any route's body: no 5xx, a refusal changes nothing (${testEngine()})`, async () => {
  const cases = fc.tuple(fc.nat({ max: ROUTES.length - 1 }), fc.nat(), hostileValue);
  await fc.assert(
    fc.asyncProperty(cases, async ([routeIndex, fieldIndex, value]) => {
      const route = ROUTES[routeIndex];
      const valid = route.body();
      const paths = fieldPaths(valid);
      const body = withValue(valid, paths[fieldIndex % paths.length], value);
      const before = await counts();
      const res = await send(route, body);
      if (res.status >= 500) throw new Error(describeCase(route, res.status, body));
      if (res.status >= 400) expect(await counts()).toEqual(before);
    }),
    { numRuns: RUNS },
  );
  await assertNothingInvalidStored();
});

it(`any JSON as a body, and hostile path and query parameters: no 5xx, nothing stored (${testEngine()})`, async () => {
  const hostileId = fc.oneof(
    // Non-empty: /api/contacts/ is the list itself.
    fc.string({ minLength: 1, maxLength: 60 }).filter((id) => id.trim() !== '' && id !== '.'),
    fc.constantFrom('..', '%00', 'x'.repeat(2000), '😀', "' or 1=1 --", '00000000-0000-0000-0000-000000000000'),
  );
  const routeTemplates = [
    (id: string) => `/api/contacts/${id}`,
    (id: string) => `/api/contacts/${id}/with-images`,
    (id: string) => `/api/contacts/${id}/pledges`,
    (id: string) => `/api/contacts/${id}/donations`,
    (id: string) => `/api/contacts/${id}/financials/summary`,
    (id: string) => `/api/contacts/pledges/${id}`,
    (id: string) => `/api/contacts/donations/${id}`,
    (id: string) => `/api/campaigns/${id}`,
    (id: string) => `/api/events/${id}`,
    (id: string) => `/api/contact-lists/${id}`,
    (id: string) => `/api/contact-lists/${id}/contacts`,
    (id: string) => `/api/contact-lists/${id}/stats`,
    (id: string) => `/api/contact-lists/${id}/available-contacts`,
    (id: string) => `/api/contact-lists/${id}/apply-rules`,
    (id: string) => `/api/contact-lists/${ids.list}/contacts/${id}/why`,
    (id: string) => `/api/contacts/${id}/profile-image`,
    (id: string) => `/api/contacts/${ids.contact}/documents/${id}/rename`,
    (id: string) => `/api/settings/sessions/${id}`,
    (id: string) => `/api/contacts/${ids.contact}/documents/${id}/download`,
    (id: string) => `/api/billing/checkout-session/${id}`,
    (id: string) => `/api/billing/local-checkout/${id}`,
    (id: string) => `/api/files/${id}`,
  ];
  const queries = [
    '/api/contacts',
    '/api/campaigns',
    '/api/campaigns/committees',
    '/api/campaigns/donation-accounts',
    '/api/events',
    '/api/contact-lists',
    `/api/contact-lists/${ids.list}/contacts`,
    `/api/contact-lists/${ids.list}/available-contacts`,
    `/api/contacts/${ids.contact}/pledges`,
    `/api/contacts/${ids.contact}/donations`,
    '/api/search',
    '/api/data-import/history',
    '/api/dashboard/overview',
    '/api/dashboard/events/upcoming',
  ];
  const queryKeys = ['limit', 'offset', 'search', 'q', 'status', 'type', 'isActive', 'campaignId', 'days', 'page', 'sort'];
  // Such a route does its (valid) work whatever JSON it is sent, so it has no invalid body to refuse.
  const bodyRoutes = ROUTES.filter((route) => !route.anyBodyMayWrite);
  const request$ = fc.oneof(
    fc.record({ kind: fc.constant('body' as const), route: fc.nat({ max: bodyRoutes.length - 1 }), body: fc.jsonValue({ maxDepth: 4 }) }),
    fc.record({
      kind: fc.constant('param' as const),
      template: fc.nat({ max: routeTemplates.length - 1 }),
      id: hostileId,
      method: fc.constantFrom('get' as const, 'put' as const, 'delete' as const, 'post' as const),
      body: fc.jsonValue({ maxDepth: 2 }),
    }),
    fc.record({ kind: fc.constant('query' as const), path: fc.constantFrom(...queries), key: fc.constantFrom(...queryKeys), value: hostileId }),
  );
  const before = await counts();
  await fc.assert(
    fc.asyncProperty(request$, async (req) => {
      let res: request.Response;
      let label: string;
      if (req.kind === 'body') {
        const route = bodyRoutes[req.route];
        res = await send(route, req.body);
        label = describeCase(route, res.status, req.body);
        // A random JSON value is never a valid body of these routes (a PATCH may take {}).
        if (res.status < 500 && route.method !== 'patch') expect({ label, refused: res.status >= 400 }).toEqual({ label, refused: true });
      } else if (req.kind === 'param') {
        const path = routeTemplates[req.template](encodeURIComponent(req.id));
        res = await as(req.method, path).set('Content-Type', 'application/json').send(JSON.stringify(req.body));
        label = `${req.method.toUpperCase()} ${path} -> ${res.status}`;
        // Only the fixtures' own ids exist; a random one is a 4xx.
        if (res.status < 500) expect({ label, refused: res.status >= 400 }).toEqual({ label, refused: true });
      } else {
        const path = `${req.path}?${req.key}=${encodeURIComponent(req.value)}`;
        res = await as('get', path);
        label = `GET ${path} -> ${res.status}`;
      }
      if (res.status >= 500) throw new Error(label);
    }),
    { numRuns: RUNS },
  );
  expect(await counts()).toEqual(before);
});
