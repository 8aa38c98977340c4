import type { Knex } from 'knex';
import request from 'supertest';
import { createAccountWithUser, insertCampaign, insertContact, login, type LoggedIn } from './helpers/fixtures';
import { freshApp, type TestApp } from './helpers/twoAccountApp';

// Gifts entered by a Staff user wait for the treasurer's review (docs/adr/0016-roles-and-one-permission-table.md).

const ctx = freshApp();
let knex: Knex, app: TestApp;
beforeAll(() => ({ knex, app } = ctx));

const as = (who: LoggedIn) => {
  const agent = request(app.callback());
  const auth = { Authorization: `Bearer ${who.token}` };
  return {
    get: (url: string) => agent.get(url).set(auth),
    post: (url: string, body: unknown) =>
      agent
        .post(url)
        .set(auth)
        .send(body as object),
  };
};

/** An owner's account with a member of each given role, all signed in. */
async function team(...roles: string[]): Promise<{ owner: LoggedIn; members: Record<string, LoggedIn>; campaignId: string; contactId: string }> {
  const ownerMember = await createAccountWithUser(knex);
  await knex('accounts').where({ id: ownerMember.accountId }).update({ planId: 'organization' });
  const members: Record<string, LoggedIn> = {};
  for (const role of roles) {
    const member = await createAccountWithUser(knex);
    // The member belongs to the owner's account only, with this role.
    await knex('memberships').where({ userId: member.userId }).update({ accountId: ownerMember.accountId, role });
    members[role] = await login(app as never, { ...member, accountId: ownerMember.accountId });
  }
  const campaignId = await insertCampaign(knex, ownerMember.accountId);
  const contactId = await insertContact(knex, ownerMember.accountId, { firstName: 'Dana', lastName: 'Giver' });
  return { owner: await login(app as never, ownerMember), members, campaignId, contactId };
}

let day = 0;
async function give(who: LoggedIn, contactId: string, campaignId: string, amount = 50): Promise<string> {
  day += 1;
  const res = await as(who).post(`/api/contacts/${contactId}/donations`, {
    donationAmount: amount,
    donationDate: `2026-03-${String((day % 27) + 1).padStart(2, '0')}`,
    campaignId,
    paymentMethod: 'check',
    checkNumber: `10${day}`,
    status: 'completed',
  });
  expect(res.status).toBe(201);
  return res.body.data.donation.id as string;
}

describe('gifts to review', () => {
  it("a staff member's gift is flagged, an owner's is not, and the queue lists it with who entered it", async () => {
    const { owner, members, campaignId, contactId } = await team('staff', 'treasurer');
    const staffGift = await give(members.staff, contactId, campaignId, 75);
    const ownerGift = await give(owner, contactId, campaignId, 20);

    const donations = (await as(owner).get(`/api/contacts/${contactId}/donations`)).body.data.donations as { id: string; needsReview: boolean }[];
    expect(donations.find((d) => d.id === staffGift)?.needsReview).toBe(true);
    expect(donations.find((d) => d.id === ownerGift)?.needsReview).toBe(false);

    const queue = await as(members.treasurer).get('/api/donations/review');
    expect(queue.status).toBe(200);
    expect(queue.body.data.total).toBe(1);
    expect(queue.body.data.gifts).toEqual([
      expect.objectContaining({
        id: staffGift,
        contactId,
        contactName: 'Dana Giver',
        donationAmount: 75,
        recordedBy: { id: members.staff.userId, name: `${members.staff.firstName} ${members.staff.lastName}` },
      }),
    ]);
  });

  it('marking reviewed clears the flag, once, with an audit entry by the reviewer', async () => {
    const { owner, members, campaignId, contactId } = await team('staff', 'treasurer');
    const first = await give(members.staff, contactId, campaignId);
    const second = await give(members.staff, contactId, campaignId);
    const third = await give(members.staff, contactId, campaignId);

    const single = await as(members.treasurer).post('/api/donations/review', { donationIds: [first] });
    expect(single.status).toBe(200);
    expect(single.body.data.reviewed).toEqual([first]);
    // Bulk, with one already reviewed: only the waiting ones are marked.
    const bulk = await as(owner).post('/api/donations/review', { donationIds: [first, second, third] });
    expect(bulk.body.data.reviewed.sort()).toEqual([second, third].sort());
    expect((await as(owner).get('/api/donations/review')).body.data).toEqual({ gifts: [], total: 0 });

    const row = await knex('donations').where({ id: first }).first();
    expect(Boolean(row.needsReview)).toBe(false);
    expect(row.reviewedBy).toBe(members.treasurer.userId);
    const history = await as(owner).get(`/api/contacts/donations/${first}/history`);
    const review = history.body.data.entries.find((e: { action: string }) => e.action === 'review');
    expect(review).toMatchObject({ userId: members.treasurer.userId, before: { needsReview: true }, after: { needsReview: false } });
    const audit = await as(owner).get(`/api/audit?entityType=donation&entityId=${second}`);
    expect(audit.body.data.entries.map((e: { action: string }) => e.action)).toEqual(['review', 'create']);
    // The gift's contributor and campaign read by name beside their ids.
    const campaign = await knex('campaigns').where({ id: campaignId }).first('name');
    expect(audit.body.data.names).toMatchObject({ [contactId]: 'Dana Giver', [campaignId]: campaign.name });
  });

  it('staff and read-only cannot see the queue nor review: 403 naming the permission', async () => {
    const { owner, members, campaignId, contactId } = await team('staff', 'read_only');
    const gift = await give(members.staff, contactId, campaignId);
    for (const who of [members.staff, members.read_only]) {
      const list = await as(who).get('/api/donations/review');
      expect(list.status).toBe(403);
      expect(list.body.message).toContain('gifts.review');
      const review = await as(who).post('/api/donations/review', { donationIds: [gift] });
      expect(review.status).toBe(403);
    }
    expect((await as(owner).get('/api/donations/review')).body.data.total).toBe(1);
  });

  it("another account's gift is passed over, and bad input names the field", async () => {
    const one = await team('staff');
    const other = await team('staff');
    const gift = await give(other.members.staff, other.contactId, other.campaignId);
    const res = await as(one.owner).post('/api/donations/review', { donationIds: [gift] });
    expect(res.status).toBe(200);
    expect(res.body.data.reviewed).toEqual([]);
    expect((await as(other.owner).get('/api/donations/review')).body.data.total).toBe(1);

    const empty = await as(one.owner).post('/api/donations/review', { donationIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.details.donationIds).toMatch(/gift/i);
  });

  it('a gift imported by a staff member waits for review; one imported by the owner does not', async () => {
    const { owner, members, campaignId } = await team('staff');
    const body = (lastName: string) => ({
      campaignId,
      donationAccountId: null,
      fileName: 'checks.csv',
      headers: ['First Name', 'Last Name', 'Email', 'Amount', 'Date'],
      mapping: { 'First Name': 'firstName', 'Last Name': 'lastName', Email: 'email', Amount: 'amount', Date: 'donationDate' },
      rows: [{ 'First Name': 'Imp', 'Last Name': lastName, Email: `${lastName.toLowerCase()}@example.org`, Amount: '40', Date: '2026-02-02' }],
      importType: 'mixed',
    });
    for (const [who, lastName] of [
      [members.staff, 'Staffed'],
      [owner, 'Owned'],
    ] as const) {
      const res = await as(who).post('/api/data-import/import', body(lastName));
      expect(res.status).toBe(202);
      await app.jobs.queue.idle();
    }
    const rows = await knex('donations')
      .join('contacts', 'contacts.id', 'donations.contactId')
      .where('donations.accountId', owner.accountId)
      .select('contacts.lastName', 'donations.needsReview');
    const flags = Object.fromEntries(rows.map((r) => [r.lastName, Boolean(r.needsReview)]));
    expect(flags).toEqual({ Staffed: true, Owned: false });
  });
});
