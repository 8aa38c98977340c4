import type { Knex } from 'knex';
import type Koa from 'koa';
import { importLimitsResponseSchema } from '@caucus/contract/dataImport.responses';
import { federalCommitteeBody, insertCampaign, insertContact, signedIn, type LoggedIn } from './helpers/fixtures';
import { twoAccountApp } from './helpers/twoAccountApp';

const ctx = twoAccountApp();
let knex: Knex, app: Koa, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const as = (who: LoggedIn) => signedIn(app, who);
const HEADERS = ['First Name', 'Last Name', 'ZIP', 'Amount', 'Date'];
const MAPPING = { 'First Name': 'firstName', 'Last Name': 'lastName', ZIP: 'zipCode', Amount: 'amount', Date: 'donationDate' };
const row = (first: string, last: string, zip: string, amount: string, date: string) => ({
  'First Name': first,
  'Last Name': last,
  ZIP: zip,
  Amount: amount,
  Date: date,
});

describe('POST /api/data-import/limits', () => {
  it("adds each gift to the contributor's election aggregate (recorded, then the file's earlier rows) and warns past the limit", async () => {
    const committee = await as(a).post('/api/committees', federalCommitteeBody());
    expect(committee.status).toBe(201);
    const campaignId = await insertCampaign(knex, a.accountId, { committeeId: committee.body.data.committee.id });
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Ann', lastName: 'Giver', zipCode: '22201' });
    const gift = await as(a).post(`/api/contacts/${contactId}/donations`, { donationAmount: 3300, donationDate: '2026-07-01', campaignId });
    expect(gift.status).toBe(201);

    const rows = [
      row('Ann', 'Giver', '22201', '100', '2026-07-02'), // 3,400 for G2026: within the 2025-26 limit of 3,500
      row('Ann', 'Giver', '22201', '$200.00', '2026-07-03'), // 3,600: past it
      row('Ann', 'Giver', '22201', '500', '2026-03-01'), // P2026: its own aggregate
      row('Bo', 'New', '22202', '3600', '2026-07-04'), // a new contributor, alone past it
      row('', '', '', 'oops', ''), // invalid: left to the import's own errors
    ];
    const res = await as(a).post('/api/data-import/limits', { campaignId, headers: HEADERS, mapping: MAPPING, rows, rowNumbers: [2, 3, 4, 5, 6] });
    expect(res.status).toBe(200);
    const { warnings } = importLimitsResponseSchema.parse(res.body.data);
    expect(warnings.map((w) => [w.rowNumber, w.contactId, w.electionCode, w.aggregate, w.after, w.limit])).toEqual([
      [3, contactId, 'G2026', 3400, 3600, 3500],
      [5, null, 'G2026', 0, 3600, 3500],
    ]);
    expect(warnings[0].message).toBe('Row 3: Ann Giver reaches $3,600.00 for G2026, past the $3,500.00 limit by $100.00');
  });

  it("answers 404 for another account's campaign and 400 without one", async () => {
    const campaignId = await insertCampaign(knex, a.accountId);
    const body = { campaignId, headers: HEADERS, mapping: MAPPING, rows: [row('Ann', 'Giver', '22201', '200', '2026-07-02')], rowNumbers: [2] };
    expect((await as(b).post('/api/data-import/limits', body)).status).toBe(404);
    const missing = await as(a).post('/api/data-import/limits', { ...body, campaignId: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Campaign is required/);
    // A campaign without a committee has no election limits to check.
    expect((await as(a).post('/api/data-import/limits', body)).body.data).toEqual({ warnings: [] });
  });
});
