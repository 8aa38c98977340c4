import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import type { AppJobs } from '../src/app';
import { DEFAULT_RATE_LIMITS } from '../src/config';
import { createAccountWithUser, federalCommitteeBody, insertCampaign, login, signedIn, signupDetails, testApp, type LoggedIn } from './helpers/fixtures';
import { createTestDb, type TestDb } from './support/testDb';

// Names and text refuse NUL, the other control characters and the bidirectional overrides (the
// character rule of the contract's text builders, common.ts safeText); an event's virtual URL is http(s) only.
let db: TestDb;
let knex: Knex;
let app: Koa;
let a: LoggedIn;
let campaignId: string;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  app = testApp(knex, { rateLimits: { ...DEFAULT_RATE_LIMITS, signupsPerIpPerHour: 1000 } });
  a = await login(app, await createAccountWithUser(knex));
  campaignId = await insertCampaign(knex, a.accountId, { name: 'Spring' });
});

afterAll(async () => {
  await db.destroy();
});

const as = (who: LoggedIn) => signedIn(app, who);
const count = async (table: string) => Number((await knex(table).count<{ n: number }[]>({ n: '*' }).first())?.n);

const ONE_LINE = 'must not contain line breaks, tabs, control characters or text-direction overrides';
const MULTI_LINE = 'must not contain control characters or text-direction overrides';

// U+0000, U+202A-U+202E, U+2066-U+2069, another C0 control, DEL and a C1 control.
const UNSAFE = ['\u0000', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u0007', '\u001b', '\u007f', '\u0085'];

describe('the character rule of text fields', () => {
  it.each(UNSAFE.map((char) => [`U+${char.codePointAt(0)!.toString(16).padStart(4, '0').toUpperCase()}`, char]))(
    'refuses %s in a contact name with a 400 naming the field, and stores nothing',
    async (_name, char) => {
      const before = await count('contacts');
      const res = await as(a).post('/api/contacts', { firstName: `Ann${char}gpj.exe`, lastName: 'Avery' });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual({ firstName: `First name ${ONE_LINE}` });
      expect(await count('contacts')).toBe(before);
    },
  );

  it('refuses tabs and line breaks in one-line fields, allows them where text has many lines, never NUL', async () => {
    expect((await as(a).post('/api/contacts', { firstName: 'Ann\nAvery' })).body.details).toEqual({ firstName: `First name ${ONE_LINE}` });
    expect((await as(a).post('/api/contacts', { lastName: 'Avery\tX' })).body.details).toEqual({ lastName: `Last name ${ONE_LINE}` });
    const ok = await as(a).post('/api/contacts', { firstName: 'Ann', quickNotes: 'Line one\r\n\tLine two', notes: [{ content: 'Met at\nthe rally' }] });
    expect(ok.status).toBe(201);
    const nul = await as(a).post('/api/contacts', { firstName: 'Ann', quickNotes: 'Line one\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body.details).toEqual({ quickNotes: `Quick notes ${MULTI_LINE}` });
    const bidi = await as(a).post('/api/contacts', { firstName: 'Ann', notes: [{ content: 'cost \u202e0.001' }] });
    expect(bidi.body.details).toEqual({ 'notes.0.content': `Content ${MULTI_LINE}` });
  });

  it('holds in every area: campaigns, events, lists, committees, donations, settings, signup, contact form', async () => {
    const contactId = (await as(a).post('/api/contacts', { firstName: 'Donor' })).body.data.contact.id as string;
    const cases: [string, () => Promise<request.Response>, string, string][] = [
      ['campaign name', () => as(a).post('/api/campaigns', { name: 'Spring\u202eevird', slug: 'x', goalAmount: 10 }), 'name', `Campaign name ${ONE_LINE}`],
      [
        'campaign description',
        () => as(a).post('/api/campaigns', { name: 'Fine', slug: 'fine', description: 'ok\u0000' }),
        'description',
        `Description ${MULTI_LINE}`,
      ],
      ['event name', () => as(a).post('/api/events', { name: 'Gala\u2066', campaignId }), 'name', `Event name ${ONE_LINE}`],
      ['list name', () => as(a).post('/api/contact-lists', { name: 'Donors\u0000' }), 'name', `List name ${ONE_LINE}`],
      ['list tag', () => as(a).post('/api/contact-lists', { name: 'Donors', tags: ['vip\u202d'] }), 'tags.0', `Tags ${ONE_LINE}`],
      ['committee name', () => as(a).post('/api/committees', federalCommitteeBody({ name: 'Friends\u202e' })), 'name', `Committee name ${ONE_LINE}`],
      [
        'committee treasurer',
        () => as(a).post('/api/committees', federalCommitteeBody({ treasurerLastName: 'Lee\u0000' })),
        'treasurerLastName',
        `Treasurer last name ${ONE_LINE}`,
      ],
      [
        'donation notes',
        () => as(a).post(`/api/contacts/${contactId}/donations`, { donationAmount: 5, donationDate: '2026-01-01', campaignId, notes: 'ok\u2069' }),
        'notes',
        `Notes ${MULTI_LINE}`,
      ],
      [
        'organization description',
        () =>
          as(a).put('/api/settings/organization', {
            name: 'Org',
            type: 'other',
            website: '',
            description: '\u0000',
            street: '',
            city: '',
            state: '',
            zip: '',
            country: 'Other',
            taxId: '',
          }),
        'description',
        `Description ${MULTI_LINE}`,
      ],
      [
        'signup first name',
        () =>
          request(app.callback())
            .post('/api/auth/signup')
            .send({ ...signupDetails(), firstName: 'Ike\u202e' }),
        'firstName',
        `First name ${ONE_LINE}`,
      ],
      [
        'contact form name',
        () => request(app.callback()).post('/api/contact-form').send({ name: 'Ike\u0000', email: 'ike@example.org', subject: 'sales', message: 'Hi' }),
        'name',
        `Name ${ONE_LINE}`,
      ],
    ];
    const tables = ['campaigns', 'events', 'contact_lists', 'committees', 'donations', 'users', 'accounts'];
    const before = await Promise.all(tables.map(count));
    for (const [label, send, field, message] of cases) {
      const res = await send();
      expect({ label, status: res.status, message: res.body.details?.[field] }).toEqual({ label, status: 400, message });
    }
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  it('skips an imported row whose text holds them, with the reason', async () => {
    const res = await as(a).post('/api/data-import/import', {
      campaignId,
      donationAccountId: null,
      fileName: 'people.csv',
      headers: ['First Name', 'Last Name'],
      mapping: { 'First Name': 'firstName', 'Last Name': 'lastName' },
      rows: [
        { 'First Name': 'Ann\u202e', 'Last Name': 'Avery' },
        { 'First Name': 'Bo', 'Last Name': 'Bell' },
      ],
      importType: 'contacts',
    });
    expect(res.status).toBe(202);
    await (app as unknown as { jobs: AppJobs }).jobs.queue.idle();
    const record = (await as(a).get(`/api/data-import/${res.body.data.importId}`)).body.data.import;
    expect(record).toMatchObject({ recordsImported: 1, recordsSkipped: 1 });
    expect(record.errors).toEqual([`Row 1: First Name ${ONE_LINE}`]);
  });
});

describe("an event's virtual URL", () => {
  const event = (virtualUrl: unknown) => ({ name: 'Webinar', campaignId, isVirtual: true, virtualUrl });

  it.each([
    'javascript:alert(document.cookie)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    'meet.example/abc',
    'https://',
    'ftp://files.example/x',
  ])('refuses %j with a 400 naming the field, and stores nothing', async (virtualUrl) => {
    const before = await count('events');
    const res = await as(a).post('/api/events', event(virtualUrl));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ virtualUrl: 'Virtual URL must be a web address starting with http:// or https://' });
    expect(await count('events')).toBe(before);
  });

  it('keeps an http(s) address', async () => {
    for (const virtualUrl of ['https://meet.example/abc?x=1', 'http://10.0.0.1:8080/room']) {
      const res = await as(a).post('/api/events', event(virtualUrl));
      expect(res.status).toBe(201);
      expect(res.body.data.event.virtualUrl).toBe(virtualUrl);
    }
  });
});
