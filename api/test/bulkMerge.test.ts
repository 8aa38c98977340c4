import type { Knex } from 'knex';
import request from 'supertest';
import { addMembership, createAccountWithUser, insertCampaign, insertContact, login, type LoggedIn } from './helpers/fixtures';
import { bearer, twoAccountApp, type TestApp } from './helpers/twoAccountApp';

// Bulk merge of exact-email clusters: the preview lists every cluster with the record that stays and
// what it keeps; the merge runs each cluster through the merge service (one audited, undoable merge
// each), and a cluster changed since the preview fails alone.

// A fresh MariaDB database is migrated first: slow on a busy machine.
const ctx = twoAccountApp({ timeoutMs: 180_000 });
let knex: Knex, app: TestApp, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const as = (who: LoggedIn) => bearer(app, who);

type Cluster = {
  email: string;
  survivorId: string;
  mergedIds: string[];
  contacts: { id: string }[];
  keeps: Record<string, string | null>;
  tags: string[];
  giftsMoved: number;
  totalDonated: number;
  donationCount: number;
};

describe('merging every exact-email cluster', () => {
  const ids: Record<string, string> = {};
  let campaignId: string;

  beforeAll(async () => {
    campaignId = await insertCampaign(knex, a.accountId);
    const old = new Date('2026-01-01T00:00:00Z');
    const recent = new Date('2026-06-01T00:00:00Z');
    ids.ann1 = await insertContact(knex, a.accountId, {
      firstName: 'Ann',
      lastName: 'Lee',
      primaryEmail: 'ann@example.org',
      zipCode: '02134',
      tags: '["donor"]',
      createdAt: old,
      updatedAt: old,
    });
    ids.ann2 = await insertContact(knex, a.accountId, {
      firstName: 'Annie',
      lastName: 'Lee',
      primaryEmail: ' ANN@example.org ',
      primaryPhone: '617-555-0101',
      tags: '["volunteer"]',
      createdAt: recent,
      updatedAt: recent,
    });
    ids.ann3 = await insertContact(knex, a.accountId, { firstName: null, lastName: 'Lee', primaryEmail: 'Ann@Example.org', createdAt: recent, updatedAt: old });
    ids.cy1 = await insertContact(knex, a.accountId, { firstName: 'Cy', lastName: 'Young', primaryEmail: 'cy@example.org' });
    ids.cy2 = await insertContact(knex, a.accountId, { firstName: 'Cy', lastName: 'Young', primaryEmail: 'cy@example.org' });
    // Marked 'Not a duplicate' in the queue: left alone.
    ids.dee1 = await insertContact(knex, a.accountId, { firstName: 'Dee', lastName: 'Parent', primaryEmail: 'family@example.org' });
    ids.dee2 = await insertContact(knex, a.accountId, { firstName: 'Dee', lastName: 'Child', primaryEmail: 'family@example.org' });
    const [first, second] = [ids.dee1, ids.dee2].sort();
    await knex('contact_duplicates').insert({
      id: '01a30000-0000-7000-8000-000000000001',
      accountId: a.accountId,
      firstContactId: first,
      secondContactId: second,
      score: 95,
      reasons: '["same_email"]',
      status: 'dismissed',
      foundAt: new Date(),
      decidedBy: a.userId,
      decidedAt: new Date(),
    });
    ids.solo = await insertContact(knex, a.accountId, { firstName: 'Solo', primaryEmail: 'solo@example.org' });
    // Another account's contact with the same address is never in this account's clusters.
    await insertContact(knex, b.accountId, { firstName: 'Ann', primaryEmail: 'ann@example.org' });
    // The later-created Annie holds the gifts: she stays.
    for (const [amount, date] of [
      [100, '2026-03-01'],
      [50, '2026-04-01'],
    ] as const) {
      const res = await as(a).post(`/api/contacts/${ids.ann2}/donations`, { donationAmount: amount, donationDate: date, campaignId, confirmDuplicate: true });
      expect(res.status).toBe(201);
    }
    const res = await as(a).post(`/api/contacts/${ids.ann1}/donations`, { donationAmount: 25, donationDate: '2026-02-01', campaignId });
    expect(res.status).toBe(201);
    // A gift stamps its contact as updated: the records' own edit times again.
    await knex('contacts').where({ id: ids.ann1 }).update({ updatedAt: old });
    await knex('contacts').where({ id: ids.ann2 }).update({ updatedAt: recent });
  });

  it('previews every cluster with the record that stays and what it keeps', async () => {
    const res = await as(a).get('/api/contacts/duplicates/email-clusters');
    expect(res.status).toBe(200);
    const { clusters, total } = res.body.data as { clusters: Cluster[]; total: number };
    expect(total).toBe(2);
    expect(clusters.map((c) => c.email)).toEqual(['ANN@example.org', 'cy@example.org']);
    const ann = clusters[0];
    expect(ann.survivorId).toBe(ids.ann2);
    expect(ann.mergedIds.sort()).toEqual([ids.ann1, ids.ann3].sort());
    expect(ann.contacts[0].id).toBe(ids.ann2);
    // Each field's most recent non-empty value; every tag; the gifts that move and the giving after.
    expect(ann.keeps).toMatchObject({ firstName: 'Annie', lastName: 'Lee', primaryPhone: '617-555-0101', zipCode: '02134' });
    expect(ann.tags.sort()).toEqual(['donor', 'volunteer']);
    expect(ann).toMatchObject({ giftsMoved: 1, totalDonated: 175, donationCount: 3 });
    // Paged.
    const second = await as(a).get('/api/contacts/duplicates/email-clusters?page=2&limit=1');
    expect(second.body.data).toMatchObject({ total: 2, page: 2, limit: 1, clusters: [expect.objectContaining({ email: 'cy@example.org' })] });
    expect((await as(a).get('/api/contacts/duplicates/email-clusters?limit=500')).status).toBe(400);
    expect((await as(b).get('/api/contacts/duplicates/email-clusters')).body.data.total).toBe(0);
  });

  it('refuses bad input naming the field, and another account merges none of them', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /Clusters/],
      [{ clusters: [] }, /at least one cluster/],
      [{ clusters: [{ survivorId: ids.cy1, mergedIds: [] }] }, /at least one contact/],
      [
        {
          clusters: [
            { survivorId: ids.cy1, mergedIds: [ids.cy2] },
            { survivorId: ids.cy2, mergedIds: [ids.ann1] },
          ],
        },
        /two clusters/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await as(a).post('/api/contacts/duplicates/email-clusters/merge', body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(message)]);
    }
    // Another account's contacts: 404, even beside one of its own cluster, and nothing is merged.
    const bOwn = await insertContact(knex, b.accountId, { firstName: 'Bea', primaryEmail: 'bea@example.org' });
    const bTwin = await insertContact(knex, b.accountId, { firstName: 'Bea', primaryEmail: 'bea@example.org' });
    for (const clusters of [
      [{ survivorId: ids.cy1, mergedIds: [ids.cy2] }],
      [
        { survivorId: bOwn, mergedIds: [bTwin] },
        { survivorId: ids.cy1, mergedIds: [ids.cy2] },
      ],
      [{ survivorId: bOwn, mergedIds: ['not-an-id'] }],
    ]) {
      const theirs = await as(b).post('/api/contacts/duplicates/email-clusters/merge', { clusters });
      expect([theirs.status, theirs.body.message]).toEqual([404, 'Contact not found']);
    }
    expect(await knex('contacts').whereNotNull('mergedIntoId').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('lets a role without money.write preview the clusters but not merge them', async () => {
    const member = await createAccountWithUser(knex);
    await addMembership(knex, a.accountId, member.userId, 'staff');
    const staff = await login(app as never, member);
    const auth = { Authorization: `Bearer ${staff.token}`, 'X-Account-Id': a.accountId };
    const agent = request(app.callback());
    const preview = await agent.get('/api/contacts/duplicates/email-clusters').set(auth);
    expect([preview.status, preview.body.data.total]).toEqual([200, 2]);
    const merge = await agent
      .post('/api/contacts/duplicates/email-clusters/merge')
      .set(auth)
      .send({ clusters: [{ survivorId: ids.cy1, mergedIds: [ids.cy2] }] });
    expect([merge.status, merge.body.message]).toEqual([403, 'Your role does not allow this (permission: money.write)']);
    expect(await knex('contacts').whereNotNull('mergedIntoId').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('merges each cluster through the merge service: audited, undoable one by one; a cluster changed since the preview fails alone', async () => {
    const clusters = ((await as(a).get('/api/contacts/duplicates/email-clusters')).body.data.clusters as Cluster[]).map(({ survivorId, mergedIds }) => ({
      survivorId,
      mergedIds,
    }));
    // Cy's second record gets another address after the preview.
    await knex('contacts').where({ id: ids.cy2 }).update({ primaryEmail: 'cy.young@example.org' });
    const res = await as(a).post('/api/contacts/duplicates/email-clusters/merge', { clusters });
    expect(res.status).toBe(200);
    expect(res.body.data.failed).toEqual([
      { survivorId: clusters[1].survivorId, mergedIds: clusters[1].mergedIds, message: 'These contacts no longer share one email address' },
    ]);
    expect(res.body.data.merged).toEqual([expect.objectContaining({ survivorId: ids.ann2, giftsMoved: 1 })]);

    const survivor = await knex('contacts').where({ id: ids.ann2 }).first();
    expect(survivor).toMatchObject({ firstName: 'Annie', zipCode: '02134', primaryPhone: '617-555-0101' });
    expect(Number(survivor.totalDonated)).toBe(175);
    expect(Number(survivor.donationCount)).toBe(3);
    expect(await knex('contacts').whereIn('id', [ids.ann1, ids.ann3]).pluck('mergedIntoId')).toEqual([ids.ann2, ids.ann2]);
    expect(await knex('contacts').whereIn('id', [ids.cy1, ids.cy2]).whereNotNull('mergedIntoId').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    const history = await knex('audit_log').where({ accountId: a.accountId, entityType: 'contact', entityId: ids.ann2 }).pluck('action');
    expect(history).toContain('merge');
    // The cluster is gone from the preview; the one refused is no cluster any more either.
    expect((await as(a).get('/api/contacts/duplicates/email-clusters')).body.data.total).toBe(0);

    const undone = await as(a).post(`/api/contacts/merges/${res.body.data.merged[0].mergeId}/undo`);
    expect(undone.status).toBe(200);
    expect(Number((await knex('contacts').where({ id: ids.ann2 }).first()).totalDonated)).toBe(150);
    expect((await as(a).get('/api/contacts/duplicates/email-clusters')).body.data.clusters.map((c: Cluster) => c.email)).toEqual(['ANN@example.org']);
  });
});
