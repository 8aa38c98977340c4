import type { Knex } from 'knex';
import { engineOf } from '../src/db/knex';
import { insertContact, type LoggedIn } from './helpers/fixtures';
import { committeeWithCampaign } from './helpers/committees';
import { queryPlan, type Statement } from './helpers/queryPlan';
import { bearer, twoAccountApp, type TestApp } from './helpers/twoAccountApp';

// Merging two records of one donor through the ledger: every gift, pledge and held row moves to the
// survivor, the figures (giving, campaign totals, election aggregates and excess flags) are right
// afterwards, old links lead to the survivor, the merge is in the history, and the undo gives both
// records back exactly.

const ctx = twoAccountApp();
let knex: Knex, app: TestApp, a: LoggedIn, b: LoggedIn;
beforeAll(() => ({ knex, app, a, b } = ctx));

const as = (who: LoggedIn) => bearer(app, who);

let committees = 0;
async function committeeCampaign() {
  committees += 1;
  return committeeWithCampaign(ctx, a, { fecId: `C00${String(700000 + committees).padStart(6, '0')}` });
}
async function give(contactId: string, campaignId: string, donationAmount: number, donationDate: string) {
  const res = await as(a).post(`/api/contacts/${contactId}/donations`, { donationAmount, donationDate, campaignId, confirmDuplicate: true });
  expect(res.status).toBe(201);
  return res.body.data.donation as { id: string; excessAmount: number | null; remedyDeadline: string | null };
}

/** Every figure the ledger derives, as the database holds it. */
async function figures(contactIds: string[], campaignId: string) {
  const contacts = await knex('contacts')
    .whereIn('id', contactIds)
    .orderBy('id')
    .select('id', 'totalDonated', 'donationCount', 'lastDonationAmount', 'status', 'mergedIntoId', 'firstName', 'primaryEmail', 'tags');
  const campaign = await knex('campaigns').where({ id: campaignId }).first('amountRaised', 'donationCount', 'contactsReached');
  const gifts = await knex('donations').where({ campaignId }).orderBy('id').select('id', 'contactId', 'excessAmount', 'remedyDeadline');
  // Roll-up rows compared by content (their surrogate ids are renumbered when rows are rebuilt).
  const rollups = (await knex('donor_years').where({ accountId: a.accountId }).select('*'))
    .map(({ id: _id, ...row }) => row)
    .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
  return JSON.parse(JSON.stringify({ contacts, campaign, gifts, rollups }));
}

describe('merging two records of one donor', () => {
  it('moves the gifts through the ledger: one donor $500 over the limit, flagged with its deadline; undo restores both exactly', async () => {
    const { committeeId, campaignId } = await committeeCampaign();
    const older = await insertContact(knex, a.accountId, {
      firstName: 'Bob',
      lastName: 'Marsh',
      primaryEmail: 'bob@example.org',
      zipCode: '10027',
      tags: '["donor"]',
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const newer = await insertContact(knex, a.accountId, {
      firstName: 'Robert',
      lastName: 'Marsh',
      primaryEmail: null,
      primaryPhone: '212-555-0100',
      zipCode: '10027',
      tags: '["volunteer"]',
      updatedAt: new Date('2026-06-01T00:00:00Z'),
    });
    await knex('contact_notes').insert({
      id: '01a20000-0000-7000-8000-0000000000n1'.replace('n', 'a'),
      accountId: a.accountId,
      contactId: newer,
      subject: 'Call',
      content: 'Prefers phone',
      noteType: 'general',
      isPrivate: false,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const g1 = await give(older, campaignId, 2000, '2026-02-01');
    const g2 = await give(newer, campaignId, 2000, '2026-03-01');
    expect(g1.excessAmount).toBeNull();
    expect(g2.excessAmount).toBeNull();
    const before = await figures([older, newer], campaignId);

    // Field by field: the first name from the older record, the rest by default (most recent non-empty).
    const res = await as(a).post('/api/contacts/merge', { survivorId: older, mergedIds: [newer], fields: { firstName: older } });
    expect(res.status).toBe(200);
    const merge = res.body.data.merge;
    expect(merge).toMatchObject({ survivorId: older, mergedIds: [newer], giftsMoved: 1, undoneAt: null });

    const survivor = await knex('contacts').where({ id: older }).first();
    expect(survivor).toMatchObject({ firstName: 'Bob', primaryEmail: 'bob@example.org', primaryPhone: '212-555-0100' });
    expect(JSON.parse(survivor.tags).sort()).toEqual(['donor', 'volunteer']);
    expect(Number(survivor.totalDonated)).toBe(4000);
    expect(Number(survivor.donationCount)).toBe(2);
    expect(await knex('contact_notes').where({ contactId: older }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    // The later gift takes the donor $500 past the $3,500 limit, flagged with its remedy deadline.
    const flagged = await knex('donations').where({ id: g2.id }).first('excessAmount', 'remedyDeadline', 'contactId');
    expect(flagged.contactId).toBe(older);
    expect(Number(flagged.excessAmount)).toBe(500);
    expect(flagged.remedyDeadline).toBeTruthy();
    const excessive = (await as(a).get(`/api/compliance/excessive?committeeId=${committeeId}`)).body.data.contributions;
    expect(excessive).toEqual([expect.objectContaining({ donationId: g2.id, excessAmount: 500 })]);
    const campaign = await knex('campaigns').where({ id: campaignId }).first('amountRaised', 'donationCount', 'contactsReached');
    expect(Number(campaign.amountRaised)).toBe(4000);
    expect(Number(campaign.contactsReached)).toBe(1);

    // Old links lead to the survivor; the merged record leaves the list.
    const old = await as(a).get(`/api/contacts/${newer}`);
    expect(old.status).toBe(200);
    expect(old.headers['x-merged-into']).toBe(older);
    expect(old.body.data.contact.id).toBe(older);
    const list = (await as(a).get('/api/contacts?limit=100')).body.data;
    expect(list.contacts.map((c: { id: string }) => c.id)).not.toContain(newer);
    // In the contact's history.
    const history = await knex('audit_log').where({ accountId: a.accountId, entityType: 'contact', entityId: older });
    expect(history.map((h) => h.action)).toContain('merge');

    // Another account can neither merge nor undo these.
    expect((await as(b).post(`/api/contacts/merges/${merge.id}/undo`)).status).toBe(404);

    const undone = await as(a).post(`/api/contacts/merges/${merge.id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body.data.merge.undoneAt).toBeTruthy();
    expect(await figures([older, newer], campaignId)).toEqual(before);
    expect((await as(a).get(`/api/contacts/${newer}`)).body.data.contact.id).toBe(newer);
    expect(await knex('contact_notes').where({ contactId: newer }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect((await as(a).post(`/api/contacts/merges/${merge.id}/undo`)).status).toBe(409);
  });

  it('keeps every email, phone and address of both records: those the fields do not keep go to the lists the contact page shows', async () => {
    const home = await insertContact(knex, a.accountId, {
      firstName: 'Dana',
      lastName: 'Reyes',
      primaryEmail: 'dana@home.example',
      primaryPhone: '212-555-0101',
      addressLine1: '1 Elm St',
      city: 'Arlington',
      state: 'VA',
      zipCode: '22201',
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const work = await insertContact(knex, a.accountId, {
      firstName: 'Dana',
      lastName: 'Reyes',
      primaryEmail: 'DANA@home.example',
      secondaryEmail: 'dana@work.example',
      primaryPhone: '(212) 555-0199',
      mobilePhone: '+1 212 555 0199',
      addressLine1: '9 Oak Ave',
      city: 'Richmond',
      state: 'VA',
      zipCode: '23219',
      updatedAt: new Date('2026-06-01T00:00:00Z'),
    });
    const res = await as(a).post('/api/contacts/merge', { survivorId: home, mergedIds: [work] });
    expect(res.status).toBe(200);
    const contact = (await as(a).get(`/api/contacts/${home}`)).body.data.contact;
    // The fields take the newer record's values; the older record's own go to the lists (the same
    // email in another case and a phone written another way are not repeated).
    expect(contact).toMatchObject({
      primaryEmail: 'DANA@home.example',
      secondaryEmail: 'dana@work.example',
      primaryPhone: '(212) 555-0199',
      addressLine1: '9 Oak Ave',
    });
    expect(contact.emailAddresses).toEqual([]);
    expect(contact.phoneNumbers).toEqual([expect.objectContaining({ phoneNumber: '212-555-0101' })]);
    expect(contact.addresses).toEqual([expect.objectContaining({ streetAddress1: '1 Elm St', city: 'Arlington', stateProvince: 'VA', postalCode: '22201' })]);

    expect((await as(a).post(`/api/contacts/merges/${res.body.data.merge.id}/undo`)).status).toBe(200);
    for (const table of ['contact_email_addresses', 'contact_phone_numbers', 'contact_addresses'])
      expect(await knex(table).whereIn('contactId', [home, work]).count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('refuses bad merges naming the field, and changes nothing', async () => {
    const x = await insertContact(knex, a.accountId, { firstName: 'X' });
    const theirs = await insertContact(knex, b.accountId, { firstName: 'Theirs' });
    const cases: [unknown, number, RegExp][] = [
      [{ survivorId: x, mergedIds: [] }, 400, /at least one/],
      [{ survivorId: x, mergedIds: [x] }, 400, /cannot also be merged/],
      [{ survivorId: x, mergedIds: [theirs] }, 404, /Contact not found/],
      [{ mergedIds: [theirs] }, 400, /Surviving contact is required/],
      [{ survivorId: x, mergedIds: [theirs], fields: { firstName: 'someone-else' } }, 400, /First name must come from one of the merged contacts/],
    ];
    for (const [body, status, message] of cases) {
      const res = await as(a).post('/api/contacts/merge', body);
      expect([res.status, res.body.message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect(await knex('contacts').where({ id: theirs }).first('mergedIntoId')).toMatchObject({ mergedIntoId: null });
    expect(await knex('contact_merges').count({ n: '*' }).first()).toMatchObject({ n: 2 });
  });

  it('cannot be undone once the survivor has been deleted: 409 naming why, and nothing changes', async () => {
    const kept = await insertContact(knex, a.accountId, { firstName: 'Lee', lastName: 'Park', primaryEmail: 'lee@one.example' });
    const gone = await insertContact(knex, a.accountId, { firstName: 'Lee', lastName: 'Park', primaryEmail: 'lee@two.example' });
    const merged = await as(a).post('/api/contacts/merge', { survivorId: kept, mergedIds: [gone] });
    expect(merged.status).toBe(200);
    // A contact without gifts may be deleted (money never is: a donor is archived instead).
    expect((await as(a).delete(`/api/contacts/${kept}`)).status).toBe(200);
    const before = await knex('contacts').where({ accountId: a.accountId }).count({ n: '*' }).first();
    const undo = await as(a).post(`/api/contacts/merges/${merged.body.data.merge.id}/undo`);
    expect(undo.status).toBe(409);
    expect(undo.body.message).toBe('A contact of this merge has been deleted since, so the merge cannot be undone');
    expect(await knex('contacts').where({ accountId: a.accountId }).count({ n: '*' }).first()).toEqual(before);
    expect(await knex('contact_merges').where({ id: merged.body.data.merge.id }).first()).toMatchObject({ undoneAt: null });
  });
});

describe("a merge's reads of its donors' gifts", () => {
  // Indexes that lead with the contact: a merge reads the gifts of two or three donors.
  const CONTACT_LED: Record<string, string[]> = {
    donations: ['donations_contact_id_status_index', 'donations_account_contact_election_idx'],
    pledges: ['pledges_account_id_contact_id_index', 'pledges_contact_id_index'],
  };

  it('go by a contact index, on MariaDB whatever its table statistics say (db/giftsByContact.ts)', async () => {
    const { campaignId } = await committeeCampaign();
    const kept = await insertContact(knex, a.accountId, { firstName: 'Ada', lastName: 'Stone', primaryEmail: 'ada@one.example' });
    const other = await insertContact(knex, a.accountId, { firstName: 'Ada', lastName: 'Stone', primaryEmail: 'ada@two.example' });
    await give(kept, campaignId, 25, '2026-02-01');
    await give(other, campaignId, 30, '2026-02-02');
    if (engineOf(knex) === 'mysql') {
      // Statistics that lag behind the table, as right after a bulk load: the gift tables counted when
      // they were nearly empty, so walking a whole index looks cheaper than any lookup by contact.
      for (const table of ['donations', 'pledges']) {
        await knex.raw('update mysql.innodb_table_stats set n_rows = 1 where database_name = database() and table_name = ?', [table]);
        await knex.raw(`flush table ${table}`);
      }
    }
    const statements: Statement[] = [];
    const onQuery = (query: Statement) => statements.push(query);
    knex.on('query', onQuery);
    const res = await Promise.resolve(as(a).post('/api/contacts/merge', { survivorId: kept, mergedIds: [other] })).finally(() => knex.off('query', onQuery));
    expect(res.status).toBe(200);

    const giftReads = statements.filter(
      (s) => /^(select|insert)\b/i.test(s.sql) && /\bfrom [`"]?(donations|pledges)\b/.test(s.sql) && /contact_id`? in \(/.test(s.sql),
    );
    // The campaigns the donors gave to, their reach rows counted again, their roll-ups' gifts, their figures.
    expect(giftReads.length).toBeGreaterThanOrEqual(5);
    const notByContact: string[] = [];
    for (const statement of giftReads) {
      for (const { table, index } of await queryPlan(knex, statement)) {
        if (table in CONTACT_LED && !CONTACT_LED[table].includes(index)) notByContact.push(`${table} by ${index}: ${statement.sql}`);
      }
    }
    expect(notByContact).toEqual([]);
  });
});
