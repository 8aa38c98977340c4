import request from 'supertest';
import { createApp } from '../src/app';
import { newId } from '../src/lib/ids';
import { expectCrossAccountIsolation } from './crossAccount';
import { createAccountWithUser, insertCampaign, insertContact, insertList, login, testConfig, type LoggedIn } from './helpers/fixtures';
import { startSmtpSink, type SmtpSink } from './support/smtpSink';
import { createTestDb, type TestDb } from './support/testDb';

// Communication against a real SMTP server (smtp-server): thank-yous, templates, email to a list, and
// the one-click unsubscribe read from the message that arrived.

let db: TestDb;
let smtp: SmtpSink;
let app: ReturnType<typeof createApp>;
let a: LoggedIn;
let b: LoggedIn;
let campaignId: string;

const api = (who: LoggedIn) => ({
  get: (path: string) => request(app.callback()).get(path).set('Authorization', `Bearer ${who.token}`),
  post: (path: string, body: object) => request(app.callback()).post(path).set('Authorization', `Bearer ${who.token}`).send(body),
  put: (path: string, body: object) => request(app.callback()).put(path).set('Authorization', `Bearer ${who.token}`).send(body),
  delete: (path: string) => request(app.callback()).delete(path).set('Authorization', `Bearer ${who.token}`),
});

async function insertGift(accountId: string, contactId: string | null, amount: number, day: string, fields: Record<string, unknown> = {}): Promise<string> {
  const id = newId();
  const now = new Date();
  await db.knex('donations').insert({
    id,
    accountId,
    contactId,
    campaignId,
    donationAmount: amount,
    paymentMethod: 'check',
    status: 'completed',
    donationDate: day,
    createdAt: now,
    updatedAt: now,
    ...fields,
  });
  return id;
}

async function addMembers(accountId: string, listId: string, contactIds: string[]): Promise<void> {
  await db
    .knex('contact_list_members')
    .insert(contactIds.map((contactId) => ({ id: newId(), accountId, listId, contactId, source: 'manual', addedAt: new Date() })));
}

const settle = async () => {
  await app.jobs.queue.idle();
};

beforeAll(async () => {
  db = await createTestDb();
  smtp = await startSmtpSink();
  app = createApp({ knex: db.knex, config: testConfig({ smtpUrl: smtp.url, publicUrl: 'https://caucus.example' }) });
  a = await login(app as never, await createAccountWithUser(db.knex));
  b = await login(app as never, await createAccountWithUser(db.knex));
  await db.knex('accounts').where('id', a.accountId).update({
    name: 'Friends of the Park',
    organizationType: '501c3',
    taxId: '12-3456789',
    addressLine1: '1 Elm Street',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
  });
  campaignId = await insertCampaign(db.knex, a.accountId, { name: 'Spring Appeal' });
});

afterAll(async () => {
  await app.jobs.queue.close();
  await smtp.close();
  await db.destroy();
});

const thankYou = {
  name: 'Thank you',
  purpose: 'acknowledgment',
  subject: 'Thank you, {{firstName}}',
  bodyText:
    'Dear {{firstName}},\n\nThank you for your gift of {{giftAmount}} on {{giftDate}} to {{campaignName}}. This year you gave {{yearToDateTotal}}.\n\n{{taxStatement}}\n\n{{organizationName}}',
};

describe('templates', () => {
  it('refuses a template naming an unknown merge field, naming the field', async () => {
    const res = await api(a).post('/api/templates', { ...thankYou, bodyText: 'Hello {{firstNam}}' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('{{firstNam}}');
    expect(res.body.details.bodyText).toMatch(/^Message names an unknown merge field/);
    expect(await db.knex('message_templates').where('accountId', a.accountId)).toHaveLength(0);
  });

  it('refuses bad input with the label of the field', async () => {
    const res = await api(a).post('/api/templates', { ...thankYou, name: '', minAmount: 50, maxAmount: 10 });
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({ name: 'Template name is required', maxAmount: 'Largest gift must be at least the smallest gift' });
  });

  it('saves, reads, previews with a real contact (escaped in HTML), updates and audits', async () => {
    const created = await api(a).post('/api/templates', thankYou);
    expect(created.status).toBe(201);
    const id = created.body.data.template.id as string;
    const contactId = await insertContact(db.knex, a.accountId, { firstName: '<b>Ann</b>', lastName: 'Lee', primaryEmail: 'ann@example.org' });
    await insertGift(a.accountId, contactId, 250, '2026-03-02');
    const preview = await api(a).post(`/api/templates/${id}/preview`, { contactId });
    expect(preview.status).toBe(200);
    expect(preview.body.data.preview.subject).toBe('Thank you, <b>Ann</b>');
    expect(preview.body.data.preview.text).toContain('your gift of $250.00 on March 2, 2026 to Spring Appeal');
    expect(preview.body.data.preview.text).toContain('EIN 12-3456789');
    expect(preview.body.data.preview.html).toContain('Dear &lt;b&gt;Ann&lt;/b&gt;,');
    expect(preview.body.data.preview.html).not.toContain('<b>Ann');
    const updated = await api(a).put(`/api/templates/${id}`, { ...thankYou, name: 'Thank you (standard)' });
    expect(updated.body.data.template.name).toBe('Thank you (standard)');
    const audit = await db.knex('audit_log').where({ entityType: 'template', entityId: id }).orderBy('createdAt');
    expect(audit.map((row: { action: string }) => row.action)).toEqual(['create', 'update']);
    expect((await api(a).get('/api/templates')).body.data.templates.map((t: { id: string }) => t.id)).toContain(id);
    // Another account sees none of it.
    await expectCrossAccountIsolation({
      app: app as never,
      owner: a,
      intruder: b,
      id,
      routes: [
        { method: 'get', path: '/api/templates/:id' },
        { method: 'put', path: '/api/templates/:id', body: thankYou },
        { method: 'post', path: '/api/templates/:id/preview', body: { contactId } },
        { method: 'delete', path: '/api/templates/:id' },
      ],
      readRow: () => db.knex('message_templates').where('id', id).first(),
    });
  });
});

describe('acknowledgments', () => {
  it('queues unthanked gifts oldest first, thanks a batch by email and letter, and records it on the contact', async () => {
    const templateId = (await api(a).post('/api/templates', { ...thankYou, name: 'Batch thanks' })).body.data.template.id as string;
    const withEmail = await insertContact(db.knex, a.accountId, { firstName: 'Bea', lastName: 'Ng', primaryEmail: 'bea@example.org' });
    const withoutEmail = await insertContact(db.knex, a.accountId, {
      firstName: 'Cal',
      lastName: 'Ortiz',
      addressLine1: '9 Oak Lane',
      city: 'Peoria',
      state: 'IL',
      zipCode: '61602',
    });
    const older = await insertGift(a.accountId, withoutEmail, 40, '2026-01-05', { paymentMethod: 'cash' });
    const newer = await insertGift(a.accountId, withEmail, 500, '2026-02-10');

    const queue = await api(a).get('/api/acknowledgments?status=pending&pageSize=200');
    expect(queue.status).toBe(200);
    const ids = queue.body.data.acknowledgments.map((row: { donationId: string }) => row.donationId);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    expect(queue.body.data.acknowledgments.find((r: { donationId: string }) => r.donationId === older).daysWaiting).toBeGreaterThan(0);
    const cashOnly = await api(a).get('/api/acknowledgments?method=cash&minAmount=10&maxAmount=100');
    expect(cashOnly.body.data.acknowledgments.map((r: { donationId: string }) => r.donationId)).toEqual([older]);

    const thanked = await api(a).post('/api/acknowledgments', { donationIds: [older, newer], templateId });
    expect(thanked.status).toBe(200);
    expect(thanked.body.data).toMatchObject({ emailed: 1, letters: 1, alreadyDone: 0 });
    await settle();
    const mail = smtp.messages.find((m) => (m.to as { text: string }).text === 'bea@example.org');
    expect(mail?.subject).toBe('Thank you, Bea');
    expect(mail?.text).toContain('your gift of $500.00 on February 10, 2026 to Spring Appeal');

    const pdf = await api(a)
      .get(thanked.body.data.letterUrl)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const body = pdf.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect((body.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(1);
    // Another account's letters are a 404, like a batch that does not exist.
    expect((await api(b).get(thanked.body.data.letterUrl)).status).toBe(404);

    // Thanked gifts leave the queue; thanking again does nothing twice.
    const after = await api(a).get('/api/acknowledgments?status=pending&pageSize=200');
    expect(after.body.data.acknowledgments.map((r: { donationId: string }) => r.donationId)).not.toContain(older);
    expect((await api(a).post('/api/acknowledgments', { donationIds: [older], templateId })).body.data).toMatchObject({
      alreadyDone: 1,
      emailed: 0,
      letters: 0,
    });

    const contact = await api(a).get(`/api/contacts/${withEmail}/messages`);
    expect(contact.body.data.acknowledgments).toEqual([expect.objectContaining({ donationId: newer, status: 'sent', channel: 'email' })]);
    expect(contact.body.data.messages).toEqual([
      expect.objectContaining({ kind: 'acknowledgment', channel: 'email', status: 'sent', subject: 'Thank you, Bea' }),
    ]);
    expect(await db.knex('audit_log').where({ entityType: 'donation', entityId: newer, action: 'acknowledge' })).toHaveLength(1);
    // The ledger's table is untouched: the status lives beside it.
    expect(await db.knex('donations').where('id', newer).first('updatedAt')).toBeTruthy();
  });

  it('refuses bad input and other accounts’ gifts', async () => {
    expect((await api(a).post('/api/acknowledgments', { donationIds: [] })).body.message).toBe('Choose at least one gift');
    expect((await api(a).get('/api/acknowledgments?status=maybe')).status).toBe(400);
    const theirs = await insertGift(a.accountId, null, 10, '2026-01-01');
    expect((await api(b).post('/api/acknowledgments', { donationIds: [theirs] })).status).toBe(404);
    expect((await api(b).get(`/api/acknowledgments/letters/${newId()}.pdf`)).status).toBe(404);
  });

  it('writes one year-end letter per donor listing the year’s gifts', async () => {
    const template = await api(a).post('/api/templates', {
      name: 'Year end',
      purpose: 'year_end',
      subject: 'Your {{year}} giving',
      bodyText: 'Dear {{firstName}},\n\n{{yearGifts}}\n\nTotal: {{yearTotal}}',
    });
    const res = await api(a).post('/api/acknowledgments/year-end', { year: 2026, templateId: template.body.data.template.id });
    expect(res.status).toBe(200);
    expect(res.body.data.letters).toBeGreaterThan(0);
    const letters = await db.knex('sent_messages').where({ sendId: res.body.data.batchId });
    expect(letters).toHaveLength(res.body.data.letters);
    expect(letters.some((row: { bodyText: string }) => /February 10, 2026 {2}\$500\.00 {2}Spring Appeal/.test(row.bodyText))).toBe(true);
  });
});

describe('email to a list', () => {
  it('counts who is left out, sends with one-click unsubscribe, and honours it at once', async () => {
    const templateId = (
      await api(a).post('/api/templates', {
        name: 'Newsletter',
        purpose: 'list',
        subject: 'News for {{firstName}}',
        bodyText: 'Hello {{firstName}}, the park opens soon.',
      })
    ).body.data.template.id as string;
    const reader = await insertContact(db.knex, a.accountId, { firstName: '<i>Dee</i>', lastName: 'Park', primaryEmail: 'dee@example.org' });
    const noEmail = await insertContact(db.knex, a.accountId, { firstName: 'Eve' });
    const deceased = await insertContact(db.knex, a.accountId, { firstName: 'Fay', primaryEmail: 'fay@example.org', tags: '["Deceased"]' });
    const bounced = await insertContact(db.knex, a.accountId, { firstName: 'Gus', primaryEmail: 'gus@example.org', status: 'bounced' });
    const unsubscribed = await insertContact(db.knex, a.accountId, { firstName: 'Hal', primaryEmail: 'hal@example.org' });
    await db.knex('email_unsubscribes').insert({ contactId: unsubscribed, accountId: a.accountId, email: 'hal@example.org', createdAt: new Date() });
    const listId = await insertList(db.knex, a.accountId, { name: 'Park friends' });
    await addMembers(a.accountId, listId, [reader, noEmail, deceased, bounced, unsubscribed]);

    const audience = await api(a).get(`/api/messages/audience?listId=${listId}`);
    expect(audience.body.data.audience).toEqual({ members: 5, recipients: 1, excluded: { noEmail: 1, unsubscribed: 1, bounced: 1, deceased: 1 } });

    const before = smtp.messages.length;
    const created = await api(a).post('/api/messages', { listId, templateId });
    expect(created.status).toBe(201);
    await settle();
    const sent = await api(a).get(`/api/messages/${created.body.data.message.id}`);
    expect(sent.body.data.message).toMatchObject({
      status: 'sent',
      counts: { queued: 0, sending: 0, sent: 1, failed: 0 },
      audience: { members: 5, recipients: 1 },
    });
    expect(sent.body.data.recipients).toEqual([expect.objectContaining({ contactId: reader, status: 'sent', email: 'dee@example.org' })]);

    const mail = smtp.messages.slice(before).find((m) => (m.to as { text: string }).text === 'dee@example.org');
    expect(smtp.messages.length - before).toBe(1);
    expect(mail?.subject).toBe('News for <i>Dee</i>');
    expect(mail?.text).toContain('Hello <i>Dee</i>, the park opens soon.');
    expect(mail?.html).toContain('Hello &lt;i&gt;Dee&lt;/i&gt;');
    expect(mail?.text).toContain('Friends of the Park, 1 Elm Street, Springfield, IL 62701');
    const headerLine = (key: string) => mail?.headerLines.find((h) => h.key === key)?.line ?? '';
    expect(headerLine('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const header = headerLine('list-unsubscribe');
    const link = /<(https:\/\/caucus\.example\/api\/unsubscribe\/[A-Za-z0-9_-]+)>/.exec(header)?.[1];
    expect(link).toBeDefined();
    const path = new URL(String(link)).pathname;
    // The token is stored only as its hash.
    expect(JSON.stringify(await db.knex('sent_messages').where('contactId', reader))).not.toContain(path.split('/').pop());

    const page = await request(app.callback()).get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Unsubscribe from Friends of the Park');
    const oneClick = await request(app.callback()).post(path).type('form').send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain('You are unsubscribed');

    const contact = await api(a).get(`/api/contacts/${reader}/messages`);
    expect(contact.body.data.unsubscribedAt).not.toBeNull();
    expect(contact.body.data.messages).toEqual([expect.objectContaining({ kind: 'list', status: 'sent' })]);
    expect((await api(a).get(`/api/messages/audience?listId=${listId}`)).body.data.audience).toMatchObject({ recipients: 0, excluded: { unsubscribed: 2 } });
    expect(await db.knex('audit_log').where({ entityType: 'contact', entityId: reader, action: 'unsubscribe' })).toHaveLength(1);
    expect((await request(app.callback()).post('/api/unsubscribe/not-a-real-token-at-all-xyz').type('form').send('List-Unsubscribe=One-Click')).status).toBe(
      404,
    );

    await expectCrossAccountIsolation({
      app: app as never,
      owner: a,
      intruder: b,
      id: created.body.data.message.id,
      routes: [
        { method: 'get', path: '/api/messages/:id' },
        { method: 'post', path: '/api/messages/:id/cancel' },
      ],
      readRow: () => db.knex('message_sends').where('id', created.body.data.message.id).first(),
    });
    expect((await api(b).get(`/api/contacts/${reader}/messages`)).status).toBe(404);
    expect((await api(b).post('/api/messages', { listId, templateId })).status).toBe(400);
  });

  it('retries a temporary failure, records a permanent one with its reason, and sends a test to the user', async () => {
    const templateId = (await api(a).post('/api/templates', { name: 'Retry', purpose: 'list', subject: 'Hi {{firstName}}', bodyText: 'Body' })).body.data
      .template.id as string;
    const listId = await insertList(db.knex, a.accountId, { name: 'Retry list' });
    const one = await insertContact(db.knex, a.accountId, { firstName: 'Ida', primaryEmail: 'ida@example.org' });
    await addMembers(a.accountId, listId, [one]);
    process.env.SEND_RETRY_MS = '50';
    const retrying = createApp({ knex: db.knex, config: testConfig({ smtpUrl: smtp.url, publicUrl: 'https://caucus.example' }) });
    try {
      smtp.failNext(1, 451, 'Try again later');
      const created = await request(retrying.callback()).post('/api/messages').set('Authorization', `Bearer ${a.token}`).send({ listId, templateId });
      await retrying.jobs.queue.idle();
      const row = await db.knex('sent_messages').where({ sendId: created.body.data.message.id }).first();
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      delete process.env.SEND_RETRY_MS;
      await retrying.jobs.queue.close();
    }

    smtp.failNext(1, 550, 'No such user');
    const permanent = await api(a).post('/api/messages', { listId, templateId });
    await settle();
    const failed = await api(a).get(`/api/messages/${permanent.body.data.message.id}?status=failed`);
    expect(failed.body.data.recipients).toEqual([expect.objectContaining({ status: 'failed', error: expect.stringContaining('No such user') })]);

    const test = await api(a).post('/api/messages/test', { templateId, listId });
    expect(test.status).toBe(201);
    await settle();
    expect(smtp.messages.some((m) => m.subject === '[Test] Hi Ida' && (m.to as { text: string }).text === a.email)).toBe(true);
  });

  it('schedules for later and cancels; refuses bad input', async () => {
    const templateId = (await api(a).post('/api/templates', { name: 'Later', purpose: 'list', subject: 'Later', bodyText: 'Body' })).body.data.template
      .id as string;
    const listId = await insertList(db.knex, a.accountId, { name: 'Later list' });
    const later = await api(a).post('/api/messages', { listId, templateId, sendAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(later.body.data.message.status).toBe('scheduled');
    expect((await api(a).post(`/api/messages/${later.body.data.message.id}/cancel`, {})).body.data.message.status).toBe('cancelled');
    expect((await api(a).post('/api/messages', { templateId })).body.details).toMatchObject({ listId: 'Contact list is required' });
    expect((await api(a).post('/api/messages', { listId, templateId, sendAt: 'soon' })).body.details.sendAt).toMatch(/^Send at must be/);
    expect((await api(a).get(`/api/messages/${newId()}`)).status).toBe(404);
  });
});
