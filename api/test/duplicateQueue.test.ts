import type { Knex } from 'knex';
import { engineOf } from '../src/db';
import { scheduleNightlyScans, type DuplicatesService } from '../src/modules/duplicates';
import { areNicknames } from '../src/modules/duplicates/nicknames';
import { createDuplicatesRepository } from '../src/modules/duplicates/repository';
import { findDuplicatePairs, jaroWinkler, type ScanContact } from '../src/modules/duplicates/scan';
import { insertCampaign, insertContact, type LoggedIn } from './helpers/fixtures';
import { queryPlan, type Statement } from './helpers/queryPlan';
import { bearer, twoAccountApp, type TestApp } from './helpers/twoAccountApp';

// Contacts > Duplicates: the scan finds pairs by its rules (same email; same name and ZIP; same
// phone; similar name at one address; nicknames in one ZIP), the queue lists them newest first, and
// 'Not a duplicate' is remembered by later scans. Imports refresh the queue.

const ctx = twoAccountApp();
let knex: Knex, app: TestApp, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const as = (who: LoggedIn) => bearer(app, who);

const person = (id: string, fields: Partial<ScanContact>): ScanContact => ({
  id,
  firstName: null,
  lastName: null,
  primaryEmail: null,
  primaryPhone: null,
  addressLine1: null,
  zipCode: null,
  ...fields,
});

describe('the scan rules', () => {
  it('pairs by each rule, with its reasons and score, and leaves households and shared switchboards alone', () => {
    const contacts = [
      person('01', { firstName: 'Ada', lastName: 'Byron', primaryEmail: 'Ada@Example.org' }),
      person('02', { firstName: 'Augusta', lastName: 'King', primaryEmail: ' ada@example.org' }),
      person('03', { firstName: 'José', lastName: 'Núñez', zipCode: '02134-1234' }),
      person('04', { firstName: 'jose', lastName: 'nunez', zipCode: '02134' }),
      person('05', { firstName: 'Bob', lastName: 'Marsh', zipCode: '10027' }),
      person('06', { firstName: 'Robert', lastName: 'Marsh', zipCode: '10027' }),
      person('07', { firstName: 'Katherine', lastName: 'Olsen', addressLine1: '12 Main Street, Apt. 4', zipCode: '60614' }),
      person('08', { firstName: 'Katherine', lastName: 'Olson', addressLine1: '12 main st apt 4', zipCode: '60614' }),
      person('09', { firstName: 'John', lastName: 'Smith', addressLine1: '5 Elm Rd', zipCode: '73301' }),
      person('10', { firstName: 'Mary', lastName: 'Smith', addressLine1: '5 Elm Road', zipCode: '73301' }),
      person('11', { firstName: 'Lee', lastName: 'Park', primaryPhone: '(617) 555-0101' }),
      person('12', { firstName: 'Lee', lastName: 'Parks', primaryPhone: '+1 617 555 0101' }),
      ...Array.from({ length: 30 }, (_, i) =>
        person(`s${String(i).padStart(2, '0')}`, { firstName: `Staff${i}`, lastName: 'Office', primaryPhone: '212-555-0000' }),
      ),
    ];
    const pairs = findDuplicatePairs(contacts);
    const of = (x: string, y: string) => pairs.find((p) => p.a === x && p.b === y);
    expect(of('01', '02')).toEqual({ a: '01', b: '02', reasons: ['same_email'], score: 95 });
    expect(of('03', '04')).toEqual({ a: '03', b: '04', reasons: ['same_name_zip'], score: 85 });
    expect(of('05', '06')).toEqual({ a: '05', b: '06', reasons: ['nickname_same_zip'], score: 80 });
    expect(of('07', '08')).toEqual({ a: '07', b: '08', reasons: ['similar_name_same_address'], score: 75 });
    expect(of('11', '12')).toEqual({ a: '11', b: '12', reasons: ['same_phone'], score: 70 });
    expect(of('09', '10')).toBeUndefined();
    expect(pairs.some((p) => p.a.startsWith('s'))).toBe(false);
    expect(pairs).toHaveLength(5);
    // Best first.
    expect(pairs.map((p) => p.score)).toEqual([95, 85, 80, 75, 70]);
  });

  it('knows common nicknames both ways, and a typo from another name', () => {
    expect(areNicknames('bill', 'william')).toBe(true);
    expect(areNicknames('william', 'bill')).toBe(true);
    expect(areNicknames('peggy', 'margaret')).toBe(true);
    expect(areNicknames('bob', 'bill')).toBe(false);
    expect(jaroWinkler('martha', 'marhta')).toBeGreaterThan(0.95);
    expect(jaroWinkler('smith', 'jones')).toBeLessThan(0.6);
  });
});

describe('the duplicate queue', () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    ids = {
      ada1: await insertContact(knex, a.accountId, { firstName: 'Ada', lastName: 'Byron', primaryEmail: 'ada@example.org', zipCode: '02134' }),
      ada2: await insertContact(knex, a.accountId, { firstName: 'Ada', lastName: 'Lovelace', primaryEmail: 'ADA@example.org' }),
      bob: await insertContact(knex, a.accountId, { firstName: 'Bob', lastName: 'Marsh', zipCode: '10027' }),
      robert: await insertContact(knex, a.accountId, { firstName: 'Robert', lastName: 'Marsh', zipCode: '10027-0001' }),
      other: await insertContact(knex, a.accountId, { firstName: 'Zed', lastName: 'Alone', zipCode: '99501' }),
    };
    // Another account's look-alike is never paired with this account's contacts.
    await insertContact(knex, b.accountId, { firstName: 'Ada', lastName: 'Byron', primaryEmail: 'ada@example.org' });
  });

  it('lists nothing and no scan before the first scan', async () => {
    const res = await as(a).get('/api/contacts/duplicates');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ pairs: [], total: 0, page: 1, limit: 25, scan: null });
  });

  it('scans as a job with progress, lists pairs with both contacts, score and reasons', async () => {
    const started = await as(a).post('/api/contacts/duplicates/scan');
    expect(started.status).toBe(202);
    expect(started.body.data.scan.status).toMatch(/running|done/);
    await app.jobs.queue.idle();
    const status = (await as(a).get('/api/contacts/duplicates/scan')).body.data.scan;
    expect(status).toMatchObject({ status: 'done', done: 5, total: 5, pairsFound: 2 });

    const res = await as(a).get('/api/contacts/duplicates?page=1&limit=10');
    expect(res.body.data.total).toBe(2);
    const byReason = Object.fromEntries(res.body.data.pairs.map((p: { reasons: string[] }) => [p.reasons.join(','), p]));
    expect(byReason.same_email.score).toBe(95);
    expect(byReason.same_email.contacts.map((c: { id: string }) => c.id).sort()).toEqual([ids.ada1, ids.ada2].sort());
    expect(byReason.same_email.contacts[0]).toMatchObject({ totalDonated: 0, donationCount: 0 });
    expect(byReason.nickname_same_zip.contacts.map((c: { firstName: string }) => c.firstName).sort()).toEqual(['Bob', 'Robert']);
    // The other account sees none of them.
    expect((await as(b).get('/api/contacts/duplicates')).body.data.total).toBe(0);
  });

  it("remembers 'Not a duplicate' across scans; another account's pair is a 404", async () => {
    const pairs = (await as(a).get('/api/contacts/duplicates')).body.data.pairs;
    const bobPair = pairs.find((p: { reasons: string[] }) => p.reasons.includes('nickname_same_zip'));
    expect((await as(b).post(`/api/contacts/duplicates/${bobPair.id}/dismiss`)).status).toBe(404);
    expect((await as(a).post('/api/contacts/duplicates/not-an-id/dismiss')).status).toBe(404);
    const dismissed = await as(a).post(`/api/contacts/duplicates/${bobPair.id}/dismiss`);
    expect(dismissed.status).toBe(200);
    expect((await as(a).get('/api/contacts/duplicates')).body.data.total).toBe(1);
    const audit = await knex('audit_log').where({ accountId: a.accountId, entityType: 'contact_duplicate', entityId: bobPair.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'dismiss', userId: a.userId });

    await as(a).post('/api/contacts/duplicates/scan');
    await app.jobs.queue.idle();
    const after = (await as(a).get('/api/contacts/duplicates')).body.data;
    expect(after.total).toBe(1);
    expect(after.pairs[0].reasons).toEqual(['same_email']);
  });

  it('drops a pair no rule finds any more, and finds new ones after an import, newest first', async () => {
    await knex('contacts').where({ id: ids.ada2 }).update({ primaryEmail: 'augusta@example.org' });
    const campaignId = await insertCampaign(knex, a.accountId, { name: 'Scan' });
    const res = await as(a).post('/api/data-import/import', {
      campaignId,
      fileName: 'people.csv',
      headers: ['First', 'Last', 'Phone'],
      mapping: { First: 'firstName', Last: 'lastName', Phone: 'phone' },
      importType: 'contacts',
      rows: [
        { First: 'Grace', Last: 'Hopper', Phone: '617-555-0199' },
        { First: 'G.', Last: 'Hopper-Murray', Phone: '(617) 555 0199' },
      ],
    });
    expect(res.status).toBe(202);
    await app.jobs.queue.idle();
    const after = (await as(a).get('/api/contacts/duplicates')).body.data;
    expect(after.pairs.map((p: { reasons: string[] }) => p.reasons.join(','))).toEqual(['same_phone']);
    expect(after.scan.status).toBe('done');
  });

  it('leaves a record merged away out of later scans (it keeps its email for the undo)', async () => {
    const x = await insertContact(knex, a.accountId, { firstName: 'Mo', lastName: 'Twin', primaryEmail: 'mo.twin@example.org' });
    const y = await insertContact(knex, a.accountId, { firstName: 'Mo', lastName: 'Twin', primaryEmail: 'mo.twin@example.org' });
    await as(a).post('/api/contacts/duplicates/scan');
    await app.jobs.queue.idle();
    const pairOf = async () =>
      ((await as(a).get('/api/contacts/duplicates?limit=100')).body.data.pairs as { contacts: { id: string }[] }[]).filter((p) =>
        p.contacts.some((c) => c.id === x),
      );
    expect(await pairOf()).toHaveLength(1);
    const merged = await as(a).post('/api/contacts/merge', { survivorId: x, mergedIds: [y] });
    expect(merged.status).toBe(200);
    expect(await pairOf()).toHaveLength(0);
    await as(a).post('/api/contacts/duplicates/scan');
    await app.jobs.queue.idle();
    expect(await pairOf()).toHaveLength(0);
    // Undone: the pair is back in the queue as it was.
    await as(a).post(`/api/contacts/merges/${merged.body.data.merge.id}/undo`);
    expect(await pairOf()).toHaveLength(1);
  });

  it('starts a new scan when the one marked running was cut off long ago', async () => {
    const stuck = '01a40000-0000-7000-8000-000000000001';
    await knex('duplicate_scans').insert({
      id: stuck,
      accountId: b.accountId,
      status: 'running',
      done: 0,
      total: 10,
      pairsFound: 0,
      startedAt: new Date(Date.now() - 2 * 3_600_000),
      finishedAt: null,
    });
    const res = await as(b).post('/api/contacts/duplicates/scan');
    expect(res.status).toBe(202);
    expect(res.body.data.scan.id).not.toBe(stuck);
    await app.jobs.queue.idle();
    expect(await knex('duplicate_scans').where({ id: stuck }).first('status')).toMatchObject({ status: 'failed' });
    expect((await as(b).get('/api/contacts/duplicates/scan')).body.data.scan.status).toBe('done');
  });

  it('refuses a bad page naming the field', async () => {
    const res = await as(a).get('/api/contacts/duplicates?page=0');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/page/);
  });
});

describe('the nightly scan', () => {
  afterEach(() => jest.useRealTimers());

  it('scans every account at 03:00 UTC, and again the next night', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T01:30:00Z') });
    const started: string[] = [];
    const service = { startScan: async (id: string) => void started.push(id) } as unknown as DuplicatesService;
    const stop = scheduleNightlyScans(
      () => service,
      async () => ['acc-1', 'acc-2'],
      (err) => {
        throw err;
      },
    );
    await jest.advanceTimersByTimeAsync(89 * 60_000);
    expect(started).toEqual([]);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(started).toEqual(['acc-1', 'acc-2']);
    await jest.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(started).toEqual(['acc-1', 'acc-2', 'acc-1', 'acc-2']);
    stop();
  });
});

describe("the scan's pages", () => {
  it("reads each page from the account's contacts in id order, without sorting all of them for every page", async () => {
    for (let i = 0; i < 3; i++) {
      await insertContact(knex, a.accountId);
      await insertContact(knex, b.accountId);
    }
    let statement: Statement | undefined;
    const onQuery = (query: Statement) => (statement ??= query);
    knex.on('query', onQuery);
    const page = await createDuplicatesRepository(knex)
      .contactsAfter(a.accountId, '', 2)
      .finally(() => knex.off('query', onQuery));
    expect(page).toHaveLength(2);
    const plan = (await queryPlan(knex, statement!)).map((step) => step.detail).join(' | ');
    // A scan is as many pages as the account has contacts over 500: SQLite sorting the account for
    // each one made a scan grow with the square of its size. (MariaDB reads a table this small by its
    // primary key; either way in id order.)
    if (engineOf(knex) === 'sqlite') expect(plan).toContain('contacts_account_id_idx');
    expect(plan).not.toMatch(/TEMP B-TREE|filesort/i);
  });
});
