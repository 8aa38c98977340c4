import type { Knex } from 'knex';
import { newId } from '../src/lib/ids';
import { rebuildDonationRollups } from '../src/modules/analytics-reports/rollups';
import { recomputeCampaignTotals } from '../src/modules/campaigns/repository';
import { CAMPAIGN_ALREADY_ARCHIVED, CONTACT_ALREADY_ARCHIVED, NO_EXCESS, recomputeContactStatsOf } from '../src/modules/ledger';
import { OWNER_ONLY } from '../src/modules/ledger/routes';
import { expectCrossAccountIsolation } from './crossAccount';
import { addMembership, createAccountWithUser, insertCampaign, login, signedIn, type LoggedIn } from './helpers/fixtures';
import { committeeWithCampaign, insertItemizedDonor } from './helpers/committees';
import { twoAccountApp, type TestApp } from './helpers/twoAccountApp';

// The ledger's promises, through the API: money never disappears (holders are archived, not
// deleted), every change leaves a trace the contact's financials show, bad input changes nothing,
// reconciliation finds every figure equal to its rows, and the import undo recomputes excess flags.

const ctx = twoAccountApp();
let knex: Knex, app: TestApp, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const as = (who: LoggedIn) => signedIn(app as never, who);

let people = 0;
async function donor(who: LoggedIn = a): Promise<string> {
  people += 1;
  return insertItemizedDonor(knex, who.accountId, `Ledger${people}`);
}

async function committeeCampaign(who: LoggedIn = a): Promise<{ committeeId: string; campaignId: string }> {
  return committeeWithCampaign(ctx, who, { fecId: `C00${String(100000 + people).padStart(6, '0')}` });
}

async function give(contactId: string, campaignId: string, donationAmount: number, donationDate: string, who: LoggedIn = a) {
  const res = await as(who).post(`/api/contacts/${contactId}/donations`, { donationAmount, donationDate, campaignId });
  expect(res.status).toBe(201);
  return res.body.data.donation as { id: string; excessAmount: number | null; remedyDeadline: string | null };
}

const excessOf = async (id: string) => {
  const row = await knex('donations').where({ id }).first('excessAmount', 'remedyDeadline');
  return row.excessAmount === null ? null : Number(row.excessAmount);
};

async function reconcile(who: LoggedIn = a) {
  const res = await as(who).get('/api/admin/reconcile');
  expect(res.status).toBe(200);
  return res.body.data as { differences: { figure: string; id: string; field: string; stored: unknown; expected: unknown }[]; checked: Record<string, number> };
}

describe('money never disappears', () => {
  it('refuses to delete a campaign with donations; Schedule A and excess flags stay; archive keeps them and leaves the pickers', async () => {
    const { committeeId, campaignId } = await committeeCampaign();
    const ann = await donor();
    await give(ann, campaignId, 3000, '2026-02-01');
    const second = await give(ann, campaignId, 1000, '2026-03-01');
    expect(second.excessAmount).toBe(500);
    const scheduleA = async () =>
      (await as(a).get(`/api/compliance/schedule-a?committeeId=${committeeId}&from=2026-01-01&to=2026-03-31`)).body.data.rows.length;
    const excessive = async () => (await as(a).get(`/api/compliance/excessive?committeeId=${committeeId}`)).body.data.contributions;
    expect(await scheduleA()).toBe(2);

    const refused = await as(a).delete(`/api/campaigns/${campaignId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'This campaign has 2 donations ($4,000.00). Archive it instead.', details: { action: 'archive' } });
    expect(await scheduleA()).toBe(2);
    expect(await excessive()).toEqual([expect.objectContaining({ donationId: second.id, excessAmount: 500, deadline: '2026-04-30' })]);

    const archived = await as(a).post(`/api/campaigns/${campaignId}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.data.campaign.status).toBe('archived');
    const twice = await as(a).post(`/api/campaigns/${campaignId}/archive`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CAMPAIGN_ALREADY_ARCHIVED);
    // Its money, reports and flags stay; it leaves the default list (the pickers), found when asked for.
    expect(await scheduleA()).toBe(2);
    expect(await excessive()).toHaveLength(1);
    const ids = async (query: string) => (await as(a).get(`/api/campaigns${query}`)).body.data.campaigns.map((c: { id: string }) => c.id);
    expect(await ids('')).not.toContain(campaignId);
    expect(await ids('?status=archived')).toContain(campaignId);
    expect(await ids('?status=all')).toContain(campaignId);
    const campaign = await knex('campaigns').where({ id: campaignId }).first();
    expect(Number(campaign.amountRaised)).toBe(4000);

    const back = await as(a).post(`/api/campaigns/${campaignId}/unarchive`);
    expect(back.status).toBe(200);
    expect(back.body.data.campaign.status).toBe('active');
    expect((await as(a).post(`/api/campaigns/${campaignId}/unarchive`)).status).toBe(409);
    expect((await reconcile()).differences).toEqual([]);
  });

  it('refuses to delete a contact with donations, and archives it instead (twice is a 409)', async () => {
    const campaignId = await insertCampaign(knex, a.accountId);
    const ann = await donor();
    await give(ann, campaignId, 25, '2026-01-05');
    const refused = await as(a).delete(`/api/contacts/${ann}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'This contact has 1 donation ($25.00). Archive it instead.', details: { action: 'archive' } });
    expect(await knex('contacts').where({ id: ann }).first()).toBeDefined();

    const archived = await as(a).post(`/api/contacts/${ann}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.data).toEqual({ contactId: ann, archivedAt: expect.any(String) });
    const twice = await as(a).post(`/api/contacts/${ann}/archive`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CONTACT_ALREADY_ARCHIVED);
    expect((await as(a).post(`/api/contacts/${ann}/unarchive`)).status).toBe(200);
    expect((await as(a).post(`/api/contacts/${ann}/unarchive`)).status).toBe(409);

    // A contact without gifts is still deleted.
    const empty = await donor();
    expect((await as(a).delete(`/api/contacts/${empty}`)).status).toBe(200);
  });
});

describe('import undo', () => {
  it("recomputes the excess flags of the contributor's later gifts", async () => {
    const { committeeId, campaignId } = await committeeCampaign();
    const ann = await donor();
    const started = await as(a).post('/api/data-import/import', {
      campaignId,
      donationAccountId: null,
      fileName: 'early.csv',
      headers: ['Contact', 'Amount', 'Date'],
      mapping: { Contact: 'donationContactId', Amount: 'amount', Date: 'donationDate' },
      rows: [{ Contact: ann, Amount: '3000', Date: '2026-01-10' }],
      importType: 'donations',
    });
    expect(started.status).toBe(202);
    await app.jobs.queue.idle();
    expect(await knex('donations').where({ contactId: ann }).count({ n: '*' }).first()).toEqual({ n: 1 });
    const later = await give(ann, campaignId, 1000, '2026-02-01');
    expect(later.excessAmount).toBe(500);

    const undo = await as(a).post(`/api/data-import/${started.body.data.importId}/undo`);
    expect(undo.status).toBe(202);
    await app.jobs.queue.idle();
    // The aggregate is $1,000 now: the later gift is within the limit, and no longer listed.
    expect(await excessOf(later.id)).toBeNull();
    expect((await as(a).get(`/api/compliance/excessive?committeeId=${committeeId}`)).body.data.contributions).toEqual([]);
    const twice = await as(a).post(`/api/data-import/${started.body.data.importId}/undo`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already undone/i);
    // The removal is traced, attributed to whoever asked for the undo.
    const history = (await as(a).get(`/api/contacts/${ann}/financial-history`)).body.data.entries;
    expect(history.map((e: { action: string }) => e.action)).toEqual(['import-undo', 'create', 'import']);
    expect(history[0]).toMatchObject({ userId: a.userId, before: expect.objectContaining({ donationAmount: 3000, contactId: ann }), after: null });
    expect((await reconcile()).differences).toEqual([]);
  });
});

describe('bad input changes nothing', () => {
  it('refuses an edit that would take a total past its column', async () => {
    // An account of its own: its totals are taken to the edge of DECIMAL(14,2).
    const rich = await login(app as never, await createAccountWithUser(knex, { accountName: 'Edge of the column' }));
    const campaignId = await insertCampaign(knex, rich.accountId);
    const whale = await donor(rich);
    await knex('donations').insert({
      id: newId(),
      accountId: rich.accountId,
      contactId: whale,
      campaignId,
      donationAmount: 999_999_999_000,
      donationDate: '2026-01-01',
      status: 'completed',
      paymentMethod: 'check',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await knex.transaction(async (trx) => {
      await recomputeContactStatsOf(trx, rich.accountId, [whale]);
      await recomputeCampaignTotals(trx, rich.accountId, [campaignId]);
      await rebuildDonationRollups(trx, rich.accountId);
    });
    const ann = await donor(rich);
    const gift = await give(ann, campaignId, 100, '2026-01-05', rich);
    const before = await knex('campaigns').where({ id: campaignId }).first('amountRaised', 'donationCount');
    const res = await as(rich).put(`/api/contacts/donations/${gift.id}`, { donationAmount: 5000, donationDate: '2026-01-05', campaignId });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^Donation amount would take the (contact's|campaign's|account's) .* past the largest amount/);
    expect(Number((await knex('donations').where({ id: gift.id }).first()).donationAmount)).toBe(100);
    expect(await knex('campaigns').where({ id: campaignId }).first('amountRaised', 'donationCount')).toEqual(before);
    expect(Number((await knex('contacts').where({ id: ann }).first()).totalDonated)).toBe(100);
    expect(await knex('audit_log').where({ entityId: gift.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect((await reconcile(rich)).differences).toEqual([]);
  });

  it('refuses a remedy of a gift that is not excessive, and a reattribution to another account’s contact', async () => {
    const { campaignId } = await committeeCampaign();
    const ann = await donor();
    const small = await give(ann, campaignId, 100, '2026-01-05');
    const refund = await as(a).post(`/api/compliance/excessive/${small.id}/remedy`, { action: 'refund' });
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe(NO_EXCESS);

    await give(ann, campaignId, 3400, '2026-01-06');
    const excessive = await give(ann, campaignId, 500, '2026-01-07');
    expect(excessive.excessAmount).toBe(500);
    const theirs = await donor(b);
    const before = await knex('donations').where({ contactId: ann }).orderBy('id');
    const res = await as(a).post(`/api/compliance/excessive/${excessive.id}/remedy`, { action: 'reattribute', contactId: theirs });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Contact not found');
    expect(await knex('donations').where({ contactId: ann }).orderBy('id')).toEqual(before);
    expect(await knex('donations').where({ contactId: theirs }).count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});

describe("changing a gift's contributor", () => {
  it("moves the gift, both contacts' figures and flags follow; another account's contact is a 404 and changes nothing", async () => {
    const { campaignId } = await committeeCampaign();
    const [ann, bob] = [await donor(), await donor()];
    await give(bob, campaignId, 3000, '2026-01-02');
    const gift = await give(ann, campaignId, 1000, '2026-01-05');
    expect(gift.excessAmount).toBeNull();

    const theirs = await donor(b);
    const refused = await as(a).put(`/api/contacts/donations/${gift.id}/contributor`, { contactId: theirs });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Contact not found');
    expect((await knex('donations').where({ id: gift.id }).first()).contactId).toBe(ann);
    const blank = await as(a).put(`/api/contacts/donations/${gift.id}/contributor`, {});
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Choose the contact who gave this donation');

    const moved = await as(a).put(`/api/contacts/donations/${gift.id}/contributor`, { contactId: bob });
    expect(moved.status).toBe(200);
    // Bob's aggregate for the primary is now $4,000: the moved gift carries $500 of excess.
    expect(moved.body.data.donation).toMatchObject({ contactId: bob, excessAmount: 500 });
    expect(Number((await knex('contacts').where({ id: ann }).first()).totalDonated)).toBe(0);
    expect(Number((await knex('contacts').where({ id: bob }).first()).totalDonated)).toBe(4000);
    const annHistory = (await as(a).get(`/api/contacts/${ann}/financial-history`)).body.data.entries;
    expect(annHistory[0]).toMatchObject({ action: 'move', before: { contactId: ann }, after: { contactId: bob } });
    expect((await reconcile()).differences).toEqual([]);
  });
});

describe('the trace of money', () => {
  it("shows who changed each gift, when, from which session, before and after, on the contact's financials", async () => {
    const { campaignId } = await committeeCampaign();
    const ann = await donor();
    const gift = await give(ann, campaignId, 3000, '2026-01-05');
    const moved = await as(a).put(`/api/contacts/donations/${gift.id}`, { donationAmount: 3600, donationDate: '2026-01-05', campaignId });
    expect(moved.status).toBe(200);
    expect(moved.body.data.donation.excessAmount).toBe(100);
    // An edit of a field that is not money leaves the flag and its deadline as they were.
    const noted = await as(a).put(`/api/contacts/donations/${gift.id}`, {
      donationAmount: 3600,
      donationDate: '2026-01-05',
      campaignId,
      notes: 'Thank-you call made',
    });
    expect(noted.body.data.donation).toMatchObject({ excessAmount: 100, remedyDeadline: moved.body.data.donation.remedyDeadline });
    const refund = await as(a).post(`/api/compliance/excessive/${gift.id}/remedy`, { action: 'refund' });
    expect(refund.status).toBe(200);

    const history = (await as(a).get(`/api/contacts/${ann}/financial-history`)).body.data.entries;
    expect(history.map((e: { action: string }) => e.action)).toEqual(['refund', 'refund', 'update', 'create']);
    const update = history[2];
    expect(update).toMatchObject({
      entityType: 'donation',
      entityId: gift.id,
      userId: a.userId,
      userName: expect.stringContaining('Pat'),
      sessionId: expect.any(String),
      before: { donationAmount: 3000, contactId: ann },
      after: { donationAmount: 3600, contactId: ann },
      createdAt: expect.any(String),
    });
    const one = await as(a).get(`/api/contacts/donations/${gift.id}/history`);
    expect(one.status).toBe(200);
    expect(one.body.data.entries.map((e: { action: string }) => e.action)).toEqual(['refund', 'update', 'create']);
    expect((await reconcile()).differences).toEqual([]);
  });

  it('keeps every ledger route to its own account', async () => {
    const ann = await donor();
    const gift = await give(ann, await insertCampaign(knex, a.accountId), 10, '2026-01-05');
    await expectCrossAccountIsolation({
      app: app as never,
      owner: a,
      intruder: b,
      id: ann,
      routes: [
        { method: 'get', path: '/api/contacts/:id/financial-history' },
        { method: 'post', path: '/api/contacts/:id/archive' },
        { method: 'post', path: '/api/contacts/:id/unarchive' },
        { method: 'delete', path: '/api/contacts/:id' },
      ],
      readRow: () => knex('contacts').where({ id: ann }).first(),
    });
    await expectCrossAccountIsolation({
      app: app as never,
      owner: a,
      intruder: b,
      id: gift.id,
      routes: [
        { method: 'get', path: '/api/contacts/donations/:id/history' },
        { method: 'put', path: '/api/contacts/donations/:id/contributor', body: { contactId: ann } },
      ],
      readRow: () => knex('donations').where({ id: gift.id }).first(),
    });
  });
});

describe('reconciliation', () => {
  it('is for the account owner only', async () => {
    const member = await createAccountWithUser(knex, { accountName: 'Member home' });
    await addMembership(knex, a.accountId, member.userId, 'member');
    const signedInMember = await login(app as never, member);
    // A member of account A (owner of its own account) acting on A.
    const onA = await signedIn(app as never, signedInMember)
      .get('/api/admin/reconcile')
      .set('X-Account-Id', a.accountId);
    expect(onA.status).toBe(403);
    expect(onA.body.message).toBe(OWNER_ONLY);
  });

  it('reports a corrupted figure of every kind, and nothing once it is put back', async () => {
    const { campaignId } = await committeeCampaign();
    const ann = await donor();
    await give(ann, campaignId, 3000, '2026-01-05');
    const flagged = await give(ann, campaignId, 800, '2026-01-06');
    expect((await reconcile()).differences).toEqual([]);

    await knex('contacts').where({ id: ann }).update({ totalDonated: 1 });
    await knex('campaigns').where({ id: campaignId }).update({ donationCount: 7 });
    await knex('donations').where({ id: flagged.id }).update({ excessAmount: null, remedyDeadline: null });
    await knex('donor_years').where({ contactId: ann }).update({ gifts: 9 });
    await knex('campaign_reach').where({ contactId: ann }).update({ donations: 5 });
    const report = await reconcile();
    const found = report.differences.map((d) => `${d.figure}.${d.field}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'contact.totalDonated',
        'campaign.donationCount',
        'donation.excessAmount',
        'donation.remedyDeadline',
        'donor_years.gifts',
        'account_contact_tallies.totalDonated',
        'campaign_reach.donations',
      ]),
    );
    expect(report.differences).toContainEqual({ figure: 'contact', id: ann, field: 'totalDonated', stored: 100, expected: 380000 });
    expect(report.checked.contacts).toBeGreaterThan(0);
    // Reconciling reports; it does not repair (the corruption is still there).
    expect(Number((await knex('contacts').where({ id: ann }).first()).totalDonated)).toBe(1);
  });
});
