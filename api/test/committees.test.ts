import type { Knex } from 'knex';
import type Koa from 'koa';
import {
  ELECTION_CODE_MESSAGE,
  ELECTION_DATE_MESSAGE,
  ELECTION_DUPLICATE_MESSAGE,
  ELECTION_YEAR_MESSAGE,
  FEC_ID_MESSAGE,
  FILING_FORM_MESSAGE,
  defaultElectionCode,
} from '@caucus/contract';
import { committeeResponseSchema } from '@caucus/contract/compliance.responses';
import { electionInUseMessage } from '../src/modules/committees/service';
import { expectCrossAccountIsolation } from './crossAccount';
import { insertCampaign, insertContact, type LoggedIn, signedIn } from './helpers/fixtures';
import { twoAccountApp } from './helpers/twoAccountApp';

const ctx = twoAccountApp();
let knex: Knex, app: Koa, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const as = (who: LoggedIn) => signedIn(app, who);

const ELECTIONS = [
  { code: 'G2026', date: '2026-11-03' },
  { code: 'P2026', date: '2026-06-09' },
];
const committeeBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Friends of Pat',
  committeeType: 'candidate',
  fecId: 'C00123456',
  filingForm: 'F3',
  treasurerFirstName: 'Sam',
  treasurerLastName: 'Lee',
  street1: '1 Main St',
  city: 'Richmond',
  state: 'va',
  zip: '23219',
  elections: ELECTIONS,
  ...extra,
});

describe('POST /api/committees', () => {
  it('creates a committee with its FEC id, filing form and elections sorted by date', async () => {
    const res = await as(a).post('/api/committees', committeeBody());
    expect(res.status).toBe(201);
    const committee = res.body.data.committee;
    expect(committeeResponseSchema.parse(res.body.data)).toBeTruthy();
    expect(committee).toMatchObject({ name: 'Friends of Pat', fecId: 'C00123456', filingForm: 'F3', state: 'VA' });
    expect(committee.elections).toEqual([
      { code: 'P2026', date: '2026-06-09' },
      { code: 'G2026', date: '2026-11-03' },
    ]);
    const read = await as(a).get(`/api/committees/${committee.id}`);
    expect(read.body.data.committee).toEqual(committee);
    const list = await as(a).get('/api/committees');
    expect(list.body.data.committees.map((c: { id: string }) => c.id)).toContain(committee.id);
    // Another account lists none of it.
    const other = await as(b).get('/api/committees');
    expect(other.body.data.committees.map((c: { id: string }) => c.id)).not.toContain(committee.id);
  });

  it.each([
    [{ fecId: 'C1234' }, FEC_ID_MESSAGE],
    [{ fecId: 'X00123456' }, FEC_ID_MESSAGE],
    [{ filingForm: 'F99' }, FILING_FORM_MESSAGE],
    [{ elections: [{ code: 'Q2026', date: '2026-06-09' }] }, ELECTION_CODE_MESSAGE],
    [{ elections: [{ code: 'P26', date: '2026-06-09' }] }, ELECTION_CODE_MESSAGE],
    [{ elections: [{ code: 'P2026', date: '2026-02-30' }] }, ELECTION_DATE_MESSAGE],
    [{ elections: [{ code: 'P2026', date: '06/09/2026' }] }, ELECTION_DATE_MESSAGE],
    [{ elections: [{ code: 'P2026', date: '2025-06-09' }] }, ELECTION_YEAR_MESSAGE],
    [{ elections: [ELECTIONS[1], ELECTIONS[1]] }, ELECTION_DUPLICATE_MESSAGE],
    [{ name: '' }, 'Committee name is required'],
  ])('answers 400 with a clear message for %j and writes nothing', async (change, message) => {
    const before = await knex('committees').count({ n: '*' }).first();
    const res = await as(a).post('/api/committees', committeeBody(change));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await knex('committees').count({ n: '*' }).first()).toEqual(before);
  });
});

describe('PUT /api/committees/:id', () => {
  it('replaces the committee and its elections', async () => {
    const { body } = await as(a).post('/api/committees', committeeBody());
    const id = body.data.committee.id;
    const res = await as(a).put(`/api/committees/${id}`, committeeBody({ filingForm: 'F3X', elections: [{ code: 'G2026', date: '2026-11-03' }] }));
    expect(res.status).toBe(200);
    expect(res.body.data.committee).toMatchObject({ filingForm: 'F3X', elections: [{ code: 'G2026', date: '2026-11-03' }] });
    expect(await knex('committee_elections').where({ committeeId: id }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('keeps an election donations are designated to (409) and changes nothing', async () => {
    const { body } = await as(a).post('/api/committees', committeeBody());
    const id = body.data.committee.id;
    const campaignId = await insertCampaign(knex, a.accountId, { committeeId: id });
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Ann', lastName: 'Lee' });
    const gift = await as(a).post(`/api/contacts/${contactId}/donations`, { donationAmount: 50, donationDate: '2026-03-01', campaignId });
    expect(gift.body.data.donation.electionCode).toBe('P2026');
    const res = await as(a).put(`/api/committees/${id}`, committeeBody({ name: 'Renamed', elections: [{ code: 'G2026', date: '2026-11-03' }] }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(electionInUseMessage(['P2026']));
    const read = await as(a).get(`/api/committees/${id}`);
    expect(read.body.data.committee.name).toBe('Friends of Pat');
    expect(read.body.data.committee.elections).toHaveLength(2);
  });

  it('answers 400 for bad input on update', async () => {
    const { body } = await as(a).post('/api/committees', committeeBody());
    const res = await as(a).put(`/api/committees/${body.data.committee.id}`, committeeBody({ fecId: 'C0012345X' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(FEC_ID_MESSAGE);
  });

  it("answers 404 for another account's committee, and for ids that do not exist", async () => {
    const { body } = await as(a).post('/api/committees', committeeBody());
    const id = body.data.committee.id;
    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id,
      routes: [
        { method: 'get', path: '/api/committees/:id' },
        { method: 'put', path: '/api/committees/:id', body: committeeBody({ name: 'Taken over' }) },
      ],
      readRow: () => knex('committees').where({ id }).first('name', 'fecId', 'updatedAt'),
    });
    expect((await as(a).get('/api/committees/not-an-id')).status).toBe(404);
  });
});

describe('defaultElectionCode', () => {
  const elections = [
    { code: 'G2026', date: '2026-11-03' },
    { code: 'P2026', date: '2026-06-09' },
  ];
  it('designates to the primary through primary day, then to the general', () => {
    expect(defaultElectionCode(elections, '2026-01-15')).toBe('P2026');
    expect(defaultElectionCode(elections, '2026-06-09')).toBe('P2026');
    expect(defaultElectionCode(elections, '2026-06-10')).toBe('G2026');
    expect(defaultElectionCode(elections, '2026-11-03')).toBe('G2026');
    expect(defaultElectionCode(elections, '2026-11-04')).toBeNull();
  });
});
