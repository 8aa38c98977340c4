import type { Knex } from 'knex';
import request from 'supertest';
import { AMOUNT_REQUIRED, CALLBACK_REQUIRED, CALL_OUTCOME_VALUES, callInputSchema, type CallResult, type NextProspectResponse } from '@caucus/contract';
import { createCallTimeRepository } from '../src/modules/callTime/repository';
import { ASKED_NOT_TO_BE_CALLED, CALLER_NOT_IN_TEAM, NOT_ON_SHEET, createCallTimeService } from '../src/modules/callTime/service';
import { expectCrossAccountIsolation } from './crossAccount';
import { addMembership, createAccountWithUser, insertCampaign, insertContact, login, signedIn, type LoggedIn } from './helpers/fixtures';
import { committeeWithCampaign } from './helpers/committees';
import { twoAccountApp, type TestApp } from './helpers/twoAccountApp';

const ctx = twoAccountApp();
let knex: Knex, app: TestApp, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const as = (who: LoggedIn) => signedIn(app, who);
// Elections ahead of "now" so a gift made today counts toward the primary.
const ELECTIONS = [
  { code: 'P2028', date: '2028-03-07' },
  { code: 'G2028', date: '2028-11-07' },
];

let cities = 0;
/** A committee, its campaign, and a smart list of `people` contacts in a city of their own. */
async function setup(who: LoggedIn, people: { firstName: string; lastName: string; totalDonated?: number; [key: string]: unknown }[]) {
  const { campaignId } = await committeeWithCampaign(ctx, who, { elections: ELECTIONS });
  cities += 1;
  const city = `Callville${cities}`;
  const ids: string[] = [];
  for (const person of people)
    ids.push(await insertContact(knex, who.accountId, { city, primaryPhone: `555-01${String(ids.length).padStart(2, '0')}`, ...person }));
  const list = await as(who).post('/api/contact-lists', {
    name: `Call sheet ${cities}`,
    type: 'smart',
    rules: [{ field: 'city', operator: 'equals', value: city }],
  });
  expect(list.status).toBe(201);
  return { campaignId, listId: list.body.data.list.id as string, ids };
}

async function newSession(who: LoggedIn, listId: string, campaignId: string, extra: Record<string, unknown> = {}) {
  const res = await as(who).post('/api/call-sessions', {
    name: 'Tuesday call time',
    listId,
    campaignId,
    order: 'largest_giving',
    assigneeId: who.userId,
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body.data.session as { id: string; progress: { total: number; pending: number; done: number; skipped: number } };
}

const next = async (who: LoggedIn, sessionId: string) => {
  const res = await as(who).get(`/api/call-sessions/${sessionId}/next`);
  expect(res.status).toBe(200);
  return res.body.data as NextProspectResponse;
};

const log = (who: LoggedIn, sessionId: string, body: Record<string, unknown>) => as(who).post(`/api/call-sessions/${sessionId}/calls`, body);

/** Totals kept on contacts and campaigns equal the rows they sum. */
async function expectTotalsMatchRows(contactIds: string[], campaignId: string) {
  for (const id of contactIds) {
    const contact = await knex('contacts').where({ id }).first('totalDonated', 'donationCount');
    const rows = await knex('donations').where({ contactId: id, status: 'completed' }).sum({ total: 'donationAmount' }).count({ n: '*' }).first();
    expect({ id, total: Number(contact.totalDonated), count: Number(contact.donationCount) }).toEqual({
      id,
      total: Number(rows?.total ?? 0),
      count: Number(rows?.n),
    });
  }
  const campaign = await knex('campaigns').where({ id: campaignId }).first('amountRaised', 'donationCount');
  const rows = await knex('donations').where({ campaignId, status: 'completed' }).sum({ total: 'donationAmount' }).count({ n: '*' }).first();
  expect({ raised: Number(campaign.amountRaised), count: Number(campaign.donationCount) }).toEqual({
    raised: Number(rows?.total ?? 0),
    count: Number(rows?.n),
  });
}

describe('call sessions', () => {
  it('snapshots a smart list in the chosen order, leaving do-not-call contacts out', async () => {
    const { campaignId, listId, ids } = await setup(a, [
      { firstName: 'Ada', lastName: 'Small', totalDonated: 50 },
      { firstName: 'Bo', lastName: 'Big', totalDonated: 900 },
      { firstName: 'Cy', lastName: 'Never', totalDonated: 0, doNotCall: true },
      { firstName: 'Di', lastName: 'Middle', totalDonated: 300 },
    ]);
    const session = await newSession(a, listId, campaignId);
    expect(session.progress).toMatchObject({ total: 3, pending: 3, done: 0 });
    const rows = await knex('call_session_prospects').where({ sessionId: session.id }).orderBy('position').select('contactId');
    expect(rows.map((r) => r.contactId)).toEqual([ids[1], ids[3], ids[0]]);

    const alpha = await newSession(a, listId, campaignId, { order: 'alphabetical' });
    const alphaRows = await knex('call_session_prospects').where({ sessionId: alpha.id }).orderBy('position').select('contactId');
    expect(alphaRows.map((r) => r.contactId)).toEqual(
      [ids[1], ids[3], ids[0]].sort((x, y) => ['Big', 'Middle', 'Small'].indexOf(x) - ['Big', 'Middle', 'Small'].indexOf(y)),
    );

    const list = await as(a).get('/api/call-sessions');
    expect(list.status).toBe(200);
    expect(list.body.data.sessions.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([session.id, alpha.id]));
    const audit = await knex('audit_log').where({ entityType: 'call_session', entityId: session.id }).first();
    expect(audit).toMatchObject({ action: 'create', userId: a.userId });
  });

  it('orders lapsed donors first for "last gift longest ago", people who never gave last', async () => {
    const { campaignId, listId, ids } = await setup(a, [
      { firstName: 'A', lastName: 'Recent', lastDonationDate: '2026-10-01' },
      { firstName: 'B', lastName: 'Never' },
      { firstName: 'C', lastName: 'Lapsed', lastDonationDate: '2023-02-01' },
    ]);
    const session = await newSession(a, listId, campaignId, { order: 'longest_since_gift' });
    const rows = await knex('call_session_prospects').where({ sessionId: session.id }).orderBy('position').select('contactId');
    expect(rows.map((r) => r.contactId)).toEqual([ids[2], ids[0], ids[1]]);
  });

  it('answers bad input with 400 naming the field, and changes nothing', async () => {
    const { campaignId, listId } = await setup(a, [{ firstName: 'E', lastName: 'Only' }]);
    const before = await knex('call_sessions').count({ n: '*' }).first();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ listId, campaignId, assigneeId: a.userId }, 'name', 'Session name is required'],
      [{ name: 'x', campaignId, assigneeId: a.userId }, 'listId', 'Please select a contact list'],
      [{ name: 'x', listId, campaignId }, 'assigneeId', 'Please select a caller'],
      [{ name: 'x', listId, campaignId, assigneeId: a.userId, order: 'random' }, 'order', 'Call order must be one of'],
      [{ name: 'x', listId, campaignId, assigneeId: b.userId }, 'assigneeId', CALLER_NOT_IN_TEAM],
    ];
    for (const [body, field, message] of cases) {
      const res = await as(a).post('/api/call-sessions', body);
      expect(res.status).toBe(400);
      expect(res.body.details[field]).toContain(message);
    }
    expect(await knex('call_sessions').count({ n: '*' }).first()).toEqual(before);
    // Another account's list or campaign is a 404, as if it did not exist.
    const theirs = await setup(b, [{ firstName: 'F', lastName: 'Theirs' }]);
    expect((await as(a).post('/api/call-sessions', { name: 'x', listId: theirs.listId, campaignId, assigneeId: a.userId })).status).toBe(404);
    expect((await as(a).post('/api/call-sessions', { name: 'x', listId, campaignId: theirs.campaignId, assigneeId: a.userId })).status).toBe(404);
  });
});

describe('the caller screen', () => {
  it('shows one prospect with numbers, giving, election room and a suggested ask under the limit', async () => {
    const { campaignId, listId, ids } = await setup(a, [
      { firstName: 'Gil', lastName: 'Giver', employer: 'Acme', occupation: 'Engineer', mobilePhone: '555-9999' },
    ]);
    const gift = await as(a).post(`/api/contacts/${ids[0]}/donations`, { donationAmount: 3000, donationDate: '2026-11-01', campaignId });
    expect(gift.status).toBe(201);
    expect(gift.body.data.donation.electionCode).toBe('P2028');
    const session = await newSession(a, listId, campaignId);
    const { prospect } = await next(a, session.id);
    expect(prospect).toMatchObject({
      contactId: ids[0],
      name: 'Gil Giver',
      employer: 'Acme',
      occupation: 'Engineer',
      phones: [
        { label: 'Primary', number: '555-0100' },
        { label: 'Mobile', number: '555-9999' },
      ],
      giving: { totalDonated: 3000, donationCount: 1, largestDonationAmount: 3000 },
    });
    const current = prospect!.currentElection!;
    expect(current).toMatchObject({ electionCode: 'P2028', aggregate: 3000 });
    expect(current.remaining).toBe(current.limit - 3000);
    // 1.5 x $3,000 is past the limit: the ask is what the donor can still give.
    expect(prospect!.suggestedAsk).toBe(current.remaining);
    // Asking again gives the same prospect back (a reload), not the next one.
    expect((await next(a, session.id)).prospect!.contactId).toBe(ids[0]);
  });

  it('logs every outcome; pledges and gifts go through the ledger with totals right and the limit warning', async () => {
    const people = CALL_OUTCOME_VALUES.map((outcome, i) => ({ firstName: outcome, lastName: `Prospect${i}` }));
    const { campaignId, listId, ids } = await setup(a, people);
    const session = await newSession(a, listId, campaignId);
    const results: Record<string, CallResult> = {};
    for (const outcome of CALL_OUTCOME_VALUES) {
      const { prospect } = await next(a, session.id);
      expect(prospect).not.toBeNull();
      const body: Record<string, unknown> = { contactId: prospect!.contactId, outcome, notes: `note ${outcome}` };
      if (outcome === 'pledged') Object.assign(body, { amount: 99_000, electionCode: 'P2028' });
      if (outcome === 'gave_now') Object.assign(body, { amount: 250 });
      if (outcome === 'call_back') body.callbackAt = new Date(Date.now() + 60_000).toISOString();
      const res = await log(a, session.id, body);
      expect(res.status).toBe(201);
      results[outcome] = res.body.data;
    }
    expect((await next(a, session.id)).prospect).toBeNull();

    // The pledge: a pending pledge of the contact to the session's campaign, past the limit: a warning.
    const pledged = results.pledged as CallResult & { pledge: NonNullable<CallResult['pledge']> };
    expect(pledged.pledge).toMatchObject({ pledgeAmount: 99_000, status: 'pending', campaignId });
    expect(pledged.warning).toMatch(/passes what the contributor can still give to P2028/);
    expect(pledged.call).toMatchObject({ outcome: 'pledged', amount: 99_000, electionCode: 'P2028', pledgeId: pledged.pledge.id });
    // The gift: a completed donation, contact and campaign totals follow it.
    const gave = results.gave_now;
    expect(gave.warning).toBeNull();
    const donation = await knex('donations').where({ id: gave.donationId }).first();
    expect(donation).toMatchObject({ status: 'completed', electionCode: 'P2028', campaignId });
    expect(Number(donation.donationAmount)).toBe(250);
    await expectTotalsMatchRows(ids, campaignId);
    const campaign = await knex('campaigns').where({ id: campaignId }).first();
    expect(Number(campaign.amountRaised)).toBe(250);

    // Every call is recorded with its caller and an audit entry.
    expect(await knex('calls').where({ sessionId: session.id }).count({ n: '*' }).first()).toEqual({ n: CALL_OUTCOME_VALUES.length });
    expect(
      await knex('audit_log')
        .where({ entityType: 'call', accountId: a.accountId })
        .whereIn(
          'entityId',
          Object.values(results).map((r) => r.call.id),
        )
        .count({ n: '*' })
        .first(),
    ).toEqual({
      n: CALL_OUTCOME_VALUES.length,
    });

    // Stats: 8 calls, 5 reached (call back, pledged, gave now, declined, do not call).
    const detail = await as(a).get(`/api/call-sessions/${session.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.session.progress).toMatchObject({ total: 8, done: 8, pending: 0 });
    expect(detail.body.data.session.stats).toMatchObject({
      calls: 8,
      reached: 5,
      contactRate: 0.625,
      pledgeCount: 1,
      pledgedAmount: 99_000,
      fulfilledAmount: 0,
      fulfilmentRate: 0,
      giftCount: 1,
      giftAmount: 250,
    });
    expect(detail.body.data.session.stats.callsPerHour).toBeGreaterThan(0);
    expect(detail.body.data.session.callers).toEqual([expect.objectContaining({ caller: { id: a.userId, name: `${a.firstName} ${a.lastName}` } })]);

    // The follow-up queue: the pledge is open; a gift against it fulfils it and the stats follow.
    const open = await as(a).get('/api/pledges/open');
    const mine = open.body.data.pledges.find((p: { id: string }) => p.id === pledged.pledge.id);
    expect(mine).toMatchObject({ pledgeAmount: 99_000, amountFulfilled: 0, remaining: 99_000, ageDays: 0 });
    expect(mine.reminderDate).toBe(pledged.pledge.dueDate);
    const pay = await as(a).post(`/api/contacts/${pledged.call.contactId}/donations`, {
      donationAmount: 99_000,
      donationDate: new Date().toISOString().slice(0, 10),
      campaignId,
      pledgeId: pledged.pledge.id,
    });
    expect(pay.status).toBe(201);
    const after = await as(a).get('/api/pledges/open');
    expect(after.body.data.pledges.some((p: { id: string }) => p.id === pledged.pledge.id)).toBe(false);
    const paid = (await as(a).get(`/api/call-sessions/${session.id}`)).body.data.session;
    const stats = paid.stats;
    expect(stats).toMatchObject({ fulfilledAmount: 99_000, fulfilmentRate: 1 });
    // The one caller's own series is the session's.
    expect(paid.callers[0].stats.overTime).toEqual(stats.overTime);
    // Over time: one week so far, pledged and fulfilled in it (the workspace's week, starting Monday).
    expect(stats.overTime).toEqual([
      {
        weekStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        pledgedAmount: 99_000,
        fulfilledAmount: 99_000,
        pledgedToDate: 99_000,
        fulfilledToDate: 99_000,
        fulfilmentRate: 1,
      },
    ]);
    expect(new Date(`${stats.overTime[0].weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    // All sessions together, overall and per caller across sessions, carry the same money.
    const all = (await as(a).get('/api/call-sessions')).body.data;
    const mineAcross = all.overall.callers.find((c: { caller: { id: string } }) => c.caller.id === a.userId);
    expect(mineAcross.stats.calls).toBe(all.overall.stats.calls);
    expect(all.overall.stats.calls).toBeGreaterThanOrEqual(8);
    expect(mineAcross.stats.overTime.at(-1)).toMatchObject({
      fulfilledToDate: all.overall.stats.fulfilledAmount,
      pledgedToDate: all.overall.stats.pledgedAmount,
    });
    await expectTotalsMatchRows(ids, campaignId);

    // The call-back is due today.
    const callbacks = await as(a).get('/api/call-backs');
    expect(callbacks.body.data.callbacks.map((c: { id: string }) => c.id)).toContain(results.call_back.call.id);
    // Called back from the follow-ups, in the same session: the outcome is logged and the call-back is done.
    const calledBack = await log(a, session.id, { contactId: results.call_back.call.contactId, outcome: 'gave_now', amount: 40 });
    expect(calledBack.status).toBe(201);
    expect(calledBack.body.data.call).toMatchObject({ sessionId: session.id, outcome: 'gave_now', amount: 40 });
    const laterCallbacks = (await as(a).get('/api/call-backs')).body.data.callbacks.map((c: { id: string }) => c.id);
    expect(laterCallbacks).not.toContain(results.call_back.call.id);
    expect((await as(a).get(`/api/call-sessions/${session.id}`)).body.data.session.stats).toMatchObject({ calls: 9, giftCount: 2, giftAmount: 290 });
    await expectTotalsMatchRows(ids, campaignId);
  });

  it('warns when a gift made on the call passes the limit (the gift is still recorded)', async () => {
    const { campaignId, listId, ids } = await setup(a, [{ firstName: 'Max', lastName: 'Out' }]);
    const session = await newSession(a, listId, campaignId);
    await next(a, session.id);
    const res = await log(a, session.id, { contactId: ids[0], outcome: 'gave_now', amount: 10_000 });
    expect(res.status).toBe(201);
    expect(res.body.data.warning).toMatch(/passes the P2028 limit/);
    expect(await knex('donations').where({ contactId: ids[0] }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('honours do not call across sessions', async () => {
    const { campaignId, listId, ids } = await setup(a, [
      { firstName: 'Dee', lastName: 'Nocall', totalDonated: 500 },
      { firstName: 'Eve', lastName: 'Fine', totalDonated: 100 },
    ]);
    const first = await newSession(a, listId, campaignId);
    const second = await newSession(a, listId, campaignId);
    expect((await next(a, first.id)).prospect!.contactId).toBe(ids[0]);
    // Dee is on a screen of the other session too when she asks not to be called again.
    expect((await next(a, second.id)).prospect!.contactId).toBe(ids[0]);
    expect((await log(a, first.id, { contactId: ids[0], outcome: 'do_not_call' })).status).toBe(201);
    // That screen cannot log a call of hers afterwards, nor the pledge that would come with it.
    const late = await log(a, second.id, { contactId: ids[0], outcome: 'pledged', amount: 100 });
    expect(late.status).toBe(409);
    expect(late.body.details.contactId).toBe(ASKED_NOT_TO_BE_CALLED);
    expect(await knex('calls').where({ contactId: ids[0] }).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await knex('pledges').where({ contactId: ids[0] }).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await knex('contacts').where({ id: ids[0] }).first('doNotCall')).toEqual({ doNotCall: expect.anything() });
    expect(Boolean(Number((await knex('contacts').where({ id: ids[0] }).first('doNotCall')).doNotCall))).toBe(true);
    // The other session, made before, skips Dee; a session made after leaves Dee out.
    const inSecond = await next(a, second.id);
    expect(inSecond.prospect!.contactId).toBe(ids[1]);
    expect(inSecond.progress.skipped).toBe(1);
    const third = await newSession(a, listId, campaignId);
    expect(third.progress.total).toBe(1);
    expect(await knex('audit_log').where({ entityType: 'contact', entityId: ids[0], action: 'update' }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('refuses bad calls with 4xx naming the field, and logs nothing', async () => {
    const { campaignId, listId, ids } = await setup(a, [{ firstName: 'Bad', lastName: 'Input' }]);
    const other = await insertContact(knex, a.accountId, { firstName: 'Not', lastName: 'Listed' });
    const session = await newSession(a, listId, campaignId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ contactId: ids[0], outcome: 'pledged' }, 'amount', AMOUNT_REQUIRED],
      [{ contactId: ids[0], outcome: 'gave_now', amount: -5 }, 'amount', 'Amount must be more than 0'],
      [{ contactId: ids[0], outcome: 'call_back' }, 'callbackAt', CALLBACK_REQUIRED],
      [{ contactId: ids[0], outcome: 'hung_up' }, 'outcome', 'Outcome must be one of'],
      [{ outcome: 'no_answer' }, 'contactId', 'Contact is required'],
      [{ contactId: ids[0], outcome: 'pledged', amount: 10, electionCode: 'nope' }, 'electionCode', 'Election must be a code'],
      [{ contactId: ids[0], outcome: 'pledged', amount: 10, electionCode: 'R2030' }, 'electionCode', 'not an election of'],
    ];
    for (const [body, field, message] of cases) {
      const res = await log(a, session.id, body);
      expect(res.status).toBe(400);
      expect(res.body.details[field]).toContain(message);
    }
    const off = await log(a, session.id, { contactId: other, outcome: 'no_answer' });
    expect(off.status).toBe(404);
    expect(off.body.message).toBe(NOT_ON_SHEET);
    expect(await knex('calls').where({ sessionId: session.id }).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await knex('pledges').where({ contactId: ids[0] }).count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it("keeps another account's sessions out of reach (404)", async () => {
    const { campaignId, listId, ids } = await setup(a, [{ firstName: 'Own', lastName: 'Er' }]);
    const session = await newSession(a, listId, campaignId);
    await expectCrossAccountIsolation({
      app: app as never,
      owner: a,
      intruder: b,
      id: session.id,
      routes: [
        { method: 'get', path: '/api/call-sessions/:id' },
        { method: 'post', path: '/api/call-sessions/:id/calls', body: { contactId: ids[0], outcome: 'no_answer' } },
      ],
      readRow: async () => knex('call_session_prospects').where({ sessionId: session.id }).select('status', 'claimedBy'),
    });
    // next is a claim (a write), so it is checked apart: the intruder gets 404 and claims nothing.
    expect((await as(b).get(`/api/call-sessions/${session.id}/next`)).status).toBe(404);
    expect(await knex('call_session_prospects').where({ sessionId: session.id, status: 'claimed' }).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect((await as(b).get('/api/call-sessions')).body.data.sessions.some((s: { id: string }) => s.id === session.id)).toBe(false);
    expect((await as(b).get(`/api/contacts/${ids[0]}/meetings`)).status).toBe(404);
  });
});

describe('a call and its money commit together', () => {
  /** What a contact's call-time money left behind: its calls, gifts, pledges and giving total. */
  async function leftBehind(contactId: string) {
    const count = async (table: string) => Number(((await knex(table).where({ contactId }).count({ n: '*' }).first()) as { n: unknown }).n);
    const contact = await knex('contacts').where({ id: contactId }).first('totalDonated', 'donationCount');
    return {
      calls: await count('calls'),
      donations: await count('donations'),
      pledges: await count('pledges'),
      total: Number(contact.totalDonated),
      gifts: Number(contact.donationCount),
    };
  }

  it('a gift the ledger refuses leaves no call row, and the prospect stays on the caller screen', async () => {
    const { campaignId, listId, ids } = await setup(a, [{ firstName: 'Ref', lastName: 'Used' }]);
    const session = await newSession(a, listId, campaignId);
    await next(a, session.id);
    // The ledger designates the gift and refuses an election the committee does not have.
    const res = await log(a, session.id, { contactId: ids[0], outcome: 'gave_now', amount: 100, electionCode: 'R2030' });
    expect(res.status).toBe(400);
    expect(res.body.details.electionCode).toContain('not an election of');
    expect(await leftBehind(ids[0])).toEqual({ calls: 0, donations: 0, pledges: 0, total: 0, gifts: 0 });
    expect(await knex('call_session_prospects').where({ sessionId: session.id, contactId: ids[0] }).first('status')).toEqual({ status: 'claimed' });
    // The same prospect is still there to log again.
    expect((await next(a, session.id)).prospect!.contactId).toBe(ids[0]);
  });

  it('a gift that fails at the end of its ledger write (after its row) leaves neither the gift nor the call', async () => {
    const { campaignId, listId, ids } = await setup(a, [{ firstName: 'Late', lastName: 'Failure' }]);
    const session = await newSession(a, listId, campaignId);
    await next(a, session.id);
    const failing = createCallTimeService(createCallTimeRepository(knex), async (trx, event) => {
      // The gift's row is written by now, inside the call's transaction.
      expect(await trx('donations').where({ id: event.donationId }).first('id')).toBeTruthy();
      throw new Error('notice could not be queued');
    });
    const values = callInputSchema.parse({ contactId: ids[0], outcome: 'gave_now', amount: 100 });
    await expect(failing.recordCall(a.accountId, { userId: a.userId }, session.id, values)).rejects.toThrow('notice could not be queued');
    expect(await leftBehind(ids[0])).toEqual({ calls: 0, donations: 0, pledges: 0, total: 0, gifts: 0 });
    const campaign = await knex('campaigns').where({ id: campaignId }).first('amountRaised', 'donationCount');
    expect({ raised: Number(campaign.amountRaised), count: Number(campaign.donationCount) }).toEqual({ raised: 0, count: 0 });
  });

  it('a call row that cannot be written takes its gift or pledge back with it', async () => {
    const { campaignId, listId, ids } = await setup(a, [
      { firstName: 'Gift', lastName: 'Orphan' },
      { firstName: 'Pledge', lastName: 'Orphan' },
    ]);
    const session = await newSession(a, listId, campaignId);
    const repo = createCallTimeRepository(knex);
    const broken = createCallTimeService({
      ...repo,
      insertCall: async () => {
        throw new Error('call row refused');
      },
    });
    for (const [contactId, body] of [
      [ids[0], { outcome: 'gave_now', amount: 250 }],
      [ids[1], { outcome: 'pledged', amount: 500 }],
    ] as const) {
      expect((await next(a, session.id)).prospect!.contactId).toBe(contactId);
      const values = callInputSchema.parse({ contactId, ...body });
      const traces = () => knex('audit_log').where({ accountId: a.accountId }).whereIn('entityType', ['donation', 'pledge', 'call']).count({ n: '*' }).first();
      const tracesBefore = await traces();
      await expect(broken.recordCall(a.accountId, { userId: a.userId }, session.id, values)).rejects.toThrow('call row refused');
      expect(await leftBehind(contactId)).toEqual({ calls: 0, donations: 0, pledges: 0, total: 0, gifts: 0 });
      // The ledger's audit trace went with its rows.
      expect(await traces()).toEqual(tracesBefore);
      // Logged properly, the same call records both.
      expect((await log(a, session.id, { contactId, ...body })).status).toBe(201);
      expect(await leftBehind(contactId)).toMatchObject({
        calls: 1,
        donations: body.outcome === 'gave_now' ? 1 : 0,
        pledges: body.outcome === 'pledged' ? 1 : 0,
      });
    }
    await expectTotalsMatchRows(ids, campaignId);
  });
});

describe('a pledge made on a call is fulfilled when its gift arrives', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  /** A session whose first prospects pledge on the call; answers the pledges by contact. */
  async function pledgesOnCalls(people: { firstName: string; lastName: string; primaryEmail?: string; zipCode?: string }[], amount: number) {
    const { campaignId, listId, ids } = await setup(a, people);
    const session = await newSession(a, listId, campaignId, { order: 'alphabetical' });
    const pledges: Record<string, string> = {};
    for (let i = 0; i < people.length; i++) {
      const { prospect } = await next(a, session.id);
      const res = await log(a, session.id, { contactId: prospect!.contactId, outcome: 'pledged', amount });
      expect(res.status).toBe(201);
      pledges[prospect!.contactId] = res.body.data.pledge.id;
    }
    return { campaignId, session, ids, pledges };
  }
  const pledgeRow = async (id: string) => {
    const row = await knex('pledges').where({ id }).first('amountFulfilled', 'status');
    return { amountFulfilled: Number(row.amountFulfilled), status: row.status };
  };
  async function runImport(body: Record<string, unknown>) {
    const res = await as(a).post('/api/data-import/import', { donationAccountId: null, fileName: 'gifts.csv', importType: 'donations', ...body });
    expect(res.status).toBe(202);
    await app.jobs.queue.idle();
    const record = (await as(a).get(`/api/data-import/${res.body.data.importId}`)).body.data.import;
    expect(record).toMatchObject({ status: 'completed' });
    return res.body.data.importId as string;
  }

  it('entered in the donation form against the pledge', async () => {
    const { campaignId, session, ids, pledges } = await pledgesOnCalls([{ firstName: 'Ent', lastName: 'Ered' }], 300);
    const gift = await as(a).post(`/api/contacts/${ids[0]}/donations`, { donationAmount: 300, donationDate: today(), campaignId, pledgeId: pledges[ids[0]] });
    expect(gift.status).toBe(201);
    expect(await pledgeRow(pledges[ids[0]])).toEqual({ amountFulfilled: 300, status: 'fulfilled' });
    const stats = (await as(a).get(`/api/call-sessions/${session.id}`)).body.data.session.stats;
    expect(stats).toMatchObject({ fulfilledAmount: 300, fulfilmentRate: 1 });
    expect(stats.overTime.at(-1)).toMatchObject({ fulfilledToDate: 300, fulfilmentRate: 1 });
  });

  it('imported by contact id, or matched to the contact by the import, settles the oldest open pledge to the campaign; undo reopens it', async () => {
    const { campaignId, session, ids, pledges } = await pledgesOnCalls(
      [
        { firstName: 'Ida', lastName: 'Imported' },
        { firstName: 'Mo', lastName: 'Matched', primaryEmail: `mo.matched.${Date.now()}@example.com` },
      ],
      400,
    );
    const email = (await knex('contacts').where({ id: ids[1] }).first('primaryEmail')).primaryEmail as string;
    const otherCampaign = await insertCampaign(knex, a.accountId, { name: 'Another appeal' });
    const date = today();
    const importId = await runImport({
      campaignId,
      headers: ['Contact ID', 'First Name', 'Last Name', 'Email', 'Amount', 'Date'],
      mapping: { 'Contact ID': 'contactId', 'First Name': 'firstName', 'Last Name': 'lastName', Email: 'email', Amount: 'amount', Date: 'donationDate' },
      rows: [
        // By id: part of Ida's pledge, then the rest.
        { 'Contact ID': ids[0], Amount: '150', Date: date },
        { 'Contact ID': ids[0], Amount: '250', Date: date },
        // By the import's own matching (the email of an existing contact): Mo's whole pledge.
        { 'First Name': 'Mo', 'Last Name': 'Matched', Email: email, Amount: '400', Date: date },
      ],
      confirmDuplicates: true,
    });
    expect(await pledgeRow(pledges[ids[0]])).toEqual({ amountFulfilled: 400, status: 'fulfilled' });
    expect(await pledgeRow(pledges[ids[1]])).toEqual({ amountFulfilled: 400, status: 'fulfilled' });
    expect(await knex('donations').where({ importId }).whereNull('pledgeId').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect((await as(a).get(`/api/call-sessions/${session.id}`)).body.data.session.stats).toMatchObject({
      pledgedAmount: 800,
      fulfilledAmount: 800,
      fulfilmentRate: 1,
    });
    expect((await as(a).get('/api/pledges/open')).body.data.pledges.some((p: { id: string }) => Object.values(pledges).includes(p.id))).toBe(false);

    // A gift to another campaign is not this pledge's money.
    await runImport({
      campaignId: otherCampaign,
      headers: ['Contact ID', 'Amount', 'Date'],
      mapping: { 'Contact ID': 'contactId', Amount: 'amount', Date: 'donationDate' },
      rows: [{ 'Contact ID': ids[0], Amount: '75', Date: date }],
    });
    expect(await knex('donations').where({ contactId: ids[0], campaignId: otherCampaign }).first('pledgeId')).toEqual({ pledgeId: null });

    // Undoing the import takes the money back: the pledges are open again.
    const undo = await as(a).post(`/api/data-import/${importId}/undo`);
    expect(undo.status).toBe(202);
    await app.jobs.queue.idle();
    expect(await pledgeRow(pledges[ids[0]])).toEqual({ amountFulfilled: 0, status: 'pending' });
    expect(await pledgeRow(pledges[ids[1]])).toEqual({ amountFulfilled: 0, status: 'pending' });
    await expectTotalsMatchRows(ids, campaignId);
  });

  it('an imported gift matched to the pledge afterwards by hand', async () => {
    const { campaignId, ids, pledges } = await pledgesOnCalls([{ firstName: 'Lin', lastName: 'Later' }], 500);
    // Imported with the general appeal's file, so nothing links it on the way in.
    const general = await insertCampaign(knex, a.accountId, { name: 'General fund' });
    await runImport({
      campaignId: general,
      headers: ['Contact ID', 'Amount', 'Date'],
      mapping: { 'Contact ID': 'contactId', Amount: 'amount', Date: 'donationDate' },
      rows: [{ 'Contact ID': ids[0], Amount: '500', Date: today() }],
    });
    const gift = await knex('donations').where({ contactId: ids[0] }).first('id', 'pledgeId');
    expect(gift.pledgeId).toBeNull();
    expect(await pledgeRow(pledges[ids[0]])).toEqual({ amountFulfilled: 0, status: 'pending' });
    const matched = await as(a).put(`/api/contacts/donations/${gift.id}`, {
      donationAmount: 500,
      donationDate: today(),
      campaignId,
      status: 'completed',
      pledgeId: pledges[ids[0]],
    });
    expect(matched.status).toBe(200);
    expect(await pledgeRow(pledges[ids[0]])).toEqual({ amountFulfilled: 500, status: 'fulfilled' });
  });
});

describe('two callers on one session', () => {
  it('never get the same prospect, even asking at the same moment', async () => {
    const people = Array.from({ length: 12 }, (_, i) => ({ firstName: 'P', lastName: `Parallel${String(i).padStart(2, '0')}`, totalDonated: i }));
    const { campaignId, listId } = await setup(a, people);
    const second = await createAccountWithUser(knex);
    await addMembership(knex, a.accountId, second.userId, 'member');
    const colleague = await login(app as never, second);
    const session = await newSession(a, listId, campaignId);

    const seen: string[] = [];
    // Six rounds: in each, both callers ask for their next prospect in parallel, then both log a call.
    for (let round = 0; round < 6; round++) {
      const [mine, theirs] = await Promise.all([
        request(app.callback()).get(`/api/call-sessions/${session.id}/next`).set('Authorization', `Bearer ${a.token}`),
        request(app.callback()).get(`/api/call-sessions/${session.id}/next`).set('Authorization', `Bearer ${colleague.token}`),
      ]);
      const x = mine.body.data.prospect.contactId;
      const y = theirs.body.data.prospect.contactId;
      expect(x).not.toBe(y);
      seen.push(x, y);
      await Promise.all([log(a, session.id, { contactId: x, outcome: 'no_answer' }), log(colleague, session.id, { contactId: y, outcome: 'declined' })]);
    }
    expect(new Set(seen).size).toBe(12);
    const claims = await knex('call_session_prospects').where({ sessionId: session.id }).select('claimedBy');
    expect(new Set(claims.map((c) => c.claimedBy))).toEqual(new Set([a.userId, second.userId]));
    const detail = (await as(a).get(`/api/call-sessions/${session.id}`)).body.data.session;
    expect(detail.callers).toHaveLength(2);
    expect(detail.callers.map((c: { stats: { calls: number } }) => c.stats.calls)).toEqual([6, 6]);
  });

  it('hand out a burst of parallel requests without a prospect twice', async () => {
    const people = Array.from({ length: 10 }, (_, i) => ({ firstName: 'Q', lastName: `Burst${i}` }));
    const { campaignId, listId } = await setup(a, people);
    const callers: LoggedIn[] = [];
    for (let i = 0; i < 6; i++) {
      const member = await createAccountWithUser(knex);
      await addMembership(knex, a.accountId, member.userId, 'member');
      const session = await login(app as never, member);
      callers.push({ ...session, accountId: a.accountId });
    }
    const session = await newSession(a, listId, campaignId);
    const answers = await Promise.all(
      callers.map((who) =>
        request(app.callback()).get(`/api/call-sessions/${session.id}/next`).set('Authorization', `Bearer ${who.token}`).set('X-Account-Id', a.accountId),
      ),
    );
    const got = answers.map((res) => {
      expect(res.status).toBe(200);
      return res.body.data.prospect?.contactId;
    });
    expect(got.every(Boolean)).toBe(true);
    expect(new Set(got).size).toBe(callers.length);
    expect(await knex('call_session_prospects').where({ sessionId: session.id, status: 'claimed' }).count({ n: '*' }).first()).toEqual({ n: callers.length });
  });
});

describe('meetings', () => {
  it('logs a meeting with team attendees, shown on the contact history', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Mia', lastName: 'Meet' });
    const res = await as(a).post('/api/meetings', {
      contactId,
      metAt: '2026-11-20T15:30:00.000Z',
      subject: 'Coffee about the spring gala',
      attendeeIds: [a.userId],
      notes: 'Open to hosting',
      followUp: 'Send the host packet',
      followUpDate: '2026-12-01',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.meeting).toMatchObject({
      contactId,
      contactName: 'Mia Meet',
      metAt: '2026-11-20T15:30:00.000Z',
      attendees: [{ id: a.userId, name: `${a.firstName} ${a.lastName}` }],
      followUpDate: '2026-12-01',
    });
    const history = await as(a).get(`/api/contacts/${contactId}/meetings`);
    expect(history.body.data.meetings.map((m: { id: string }) => m.id)).toEqual([res.body.data.meeting.id]);
    const all = await as(a).get(`/api/meetings?contactId=${contactId}`);
    expect(all.body.data.meetings).toHaveLength(1);
    expect(await knex('audit_log').where({ entityType: 'meeting', entityId: res.body.data.meeting.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('refuses bad meetings with 400 naming the field; other accounts get 404', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'No', lastName: 'Meet' });
    const before = await knex('meetings').count({ n: '*' }).first();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ contactId, subject: 'x' }, 'metAt', 'Meeting date is required'],
      [{ contactId, metAt: 'tomorrow', subject: 'x' }, 'metAt', 'Meeting date must be an ISO date-time'],
      [{ contactId, metAt: '2026-11-20T15:30:00Z' }, 'subject', 'Subject is required'],
      [{ contactId, metAt: '2026-11-20T15:30:00Z', subject: 'x', attendeeIds: [b.userId] }, 'attendeeIds', 'Attendees must be members'],
    ];
    for (const [body, field, message] of cases) {
      const res = await as(a).post('/api/meetings', body);
      expect(res.status).toBe(400);
      expect(res.body.details[field]).toContain(message);
    }
    expect((await as(b).post('/api/meetings', { contactId, metAt: '2026-11-20T15:30:00Z', subject: 'x' })).status).toBe(404);
    expect((await as(b).get(`/api/meetings?contactId=${contactId}`)).status).toBe(404);
    expect(await knex('meetings').count({ n: '*' }).first()).toEqual(before);
  });
});
