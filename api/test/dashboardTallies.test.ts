import type { Knex } from 'knex';
import type Koa from 'koa';
import { engineOf } from '../src/db/knex';
import { newId } from '../src/lib/ids';
import { moveKeepingReach } from '../src/modules/ledger';
import { insertCampaign, insertContact, type LoggedIn, signedIn } from './helpers/fixtures';
import { twoAccountApp } from './helpers/twoAccountApp';

// The overview reads tallies kept by triggers (migration 20261123150000). Here every kind of writer
// changes donations, pledges and contacts, and after each step the overview must equal the figures
// computed directly from the rows, with and without a campaign filter; so must the contacts list's total.

const ctx = twoAccountApp();
let knex: Knex, app: Koa, owner: LoggedIn, other: LoggedIn;
beforeAll(() => ({ knex, app, a: owner, b: other } = ctx));

const as = (who: LoggedIn) => signedIn(app, who);

/** The contact figures straight from the rows: what the overview computed before the tallies. */
async function directContactFigures(accountId: string, campaignId?: string) {
  const contacts = knex('contacts').where('contacts.accountId', accountId);
  if (campaignId) {
    contacts.where((reached) =>
      reached
        .whereExists(knex('donations').where('donations.campaignId', campaignId).whereRaw('?? = ??', ['donations.contactId', 'contacts.id']))
        .orWhereExists(knex('pledges').where('pledges.campaignId', campaignId).whereRaw('?? = ??', ['pledges.contactId', 'contacts.id'])),
    );
  }
  const rows = (await contacts.select('status', 'totalDonated')) as Array<{ status: string; totalDonated: unknown }>;
  return {
    totalContacts: rows.length,
    activeContacts: rows.filter((r) => r.status === 'active').length,
    totalDonated: Math.round(rows.reduce((sum, r) => sum + Number(r.totalDonated ?? 0) * 100, 0)) / 100,
  };
}

async function expectOverviewMatchesRows(who: LoggedIn, campaignIds: string[]): Promise<void> {
  const whole = await as(who).get('/api/dashboard/overview');
  expect(whole.status).toBe(200);
  const direct = await directContactFigures(who.accountId);
  expect(whole.body.data.contacts).toEqual(direct);
  // The contacts list counts its unsearched pages from the same tallies.
  expect((await as(who).get('/api/contacts?limit=1')).body.data.total).toBe(direct.totalContacts);
  expect((await as(who).get('/api/contacts?limit=1&status=active')).body.data.total).toBe(direct.activeContacts);
  for (const campaignId of campaignIds) {
    const one = await as(who).get(`/api/dashboard/overview?campaignId=${campaignId}`);
    expect(one.status).toBe(200);
    const reached = await directContactFigures(who.accountId, campaignId);
    const raised = one.body.data.campaigns.totalRaised;
    expect(one.body.data.contacts).toEqual({ totalContacts: reached.totalContacts, activeContacts: reached.activeContacts, totalDonated: raised });
  }
}

describe('dashboard overview tallies', () => {
  it('match the rows through donations, pledges, moves, status changes, imports and deletions', async () => {
    const spring = await insertCampaign(knex, owner.accountId, { name: 'Spring' });
    const fall = await insertCampaign(knex, owner.accountId, { name: 'Fall' });
    const theirs = await insertCampaign(knex, other.accountId, { name: 'Theirs' });
    const ada = await insertContact(knex, owner.accountId, { firstName: 'Ada' });
    const ben = await insertContact(knex, owner.accountId, { firstName: 'Ben', status: 'inactive' });
    const cy = await insertContact(knex, owner.accountId, { firstName: 'Cy' });
    const stranger = await insertContact(knex, other.accountId, { firstName: 'Stranger' });
    const campaigns = [spring, fall];
    await expectOverviewMatchesRows(owner, campaigns);

    // Through the API: two donations of one contact to one campaign count the contact once.
    const donate = async (contactId: string, campaignId: string, donationAmount: number) => {
      const res = await as(owner).post(`/api/contacts/${contactId}/donations`, { donationAmount, donationDate: '2026-02-01', campaignId });
      expect(res.status).toBe(201);
      return res.body.data.donation.id as string;
    };
    const first = await donate(ada, spring, 100);
    await donate(ada, spring, 25.5);
    await donate(ben, spring, 40);
    const pledge = await as(owner).post(`/api/contacts/${cy}/pledges`, { pledgeAmount: 300, pledgeDate: '2026-01-01', campaignId: fall });
    expect(pledge.status).toBe(201);
    await as(other).post(`/api/contacts/${stranger}/donations`, { donationAmount: 9, donationDate: '2026-02-01', campaignId: theirs });
    await expectOverviewMatchesRows(owner, campaigns);
    await expectOverviewMatchesRows(other, [theirs]);

    // A donation moved to another campaign: Ada still reached Spring (her other donation), now Fall too.
    const moved = await as(owner).put(`/api/contacts/donations/${first}`, { donationAmount: 100, donationDate: '2026-02-01', campaignId: fall });
    expect(moved.status).toBe(200);
    await expectOverviewMatchesRows(owner, campaigns);

    // A status change by any writer moves the contact between active and not, in every campaign.
    await knex('contacts').where({ id: ada }).update({ status: 'inactive' });
    await knex('contacts').where({ id: ben }).update({ status: 'active' });
    await expectOverviewMatchesRows(owner, campaigns);

    // Rows written in bulk, the way an import or a seed writes them.
    const imported = Array.from({ length: 30 }, (_, i) => ({
      id: newId(),
      accountId: owner.accountId,
      firstName: `Imported ${i}`,
      lastName: 'Donor',
      status: i % 3 === 0 ? 'inactive' : 'active',
      totalDonated: 10,
      createdAt: new Date(),
      updatedAt: new Date(),
    }));
    await knex('contacts').insert(imported);
    await knex('donations').insert(
      imported.map((c, i) => ({
        id: newId(),
        accountId: owner.accountId,
        contactId: c.id,
        campaignId: i % 2 === 0 ? spring : fall,
        donationAmount: 10,
        donationDate: '2026-03-01',
        createdAt: new Date(),
        updatedAt: new Date(),
      })),
    );
    await expectOverviewMatchesRows(owner, campaigns);

    // The API refuses to delete a contact that holds gifts (docs/adr/0012-the-ledger.md); the
    // triggers are proven on deletes made in the database (its pledges cascade, its donations keep no contact).
    expect((await as(owner).delete(`/api/contacts/${cy}`)).status).toBe(409);
    await knex('contacts').where({ id: cy }).del();
    await knex('contacts').where({ id: imported[0].id }).del();
    await expectOverviewMatchesRows(owner, campaigns);

    // Deleting a donation row and a campaign (one with gifts left is refused by the API: deleted in the database).
    await knex('donations').where({ contactId: imported[1].id }).del();
    const fallDelete = await as(owner).delete(`/api/campaigns/${fall}`);
    expect([200, 409]).toContain(fallDelete.status);
    if (fallDelete.status === 409) await knex('campaigns').where({ id: fall }).del();
    await expectOverviewMatchesRows(owner, [spring]);
    expect(await knex('campaign_reach').where({ campaignId: fall }).first()).toBeUndefined();
    expect(await knex('campaign_contact_tallies').where({ campaignId: fall }).first()).toBeUndefined();
    await expectOverviewMatchesRows(other, [theirs]);
  });

  it("follow a bulk move whose reach triggers are paused: for the mover's transaction only, never past it", async () => {
    const campaign = await insertCampaign(knex, owner.accountId, { name: 'Bulk' });
    const [ada, ben, cy] = [
      await insertContact(knex, owner.accountId, { firstName: 'Ada' }),
      await insertContact(knex, owner.accountId, { firstName: 'Ben' }),
      await insertContact(knex, owner.accountId, { firstName: 'Cy' }),
    ];
    const gift = (contactId: string) => ({
      id: newId(),
      accountId: owner.accountId,
      contactId,
      campaignId: campaign,
      donationAmount: 25,
      donationDate: '2026-03-02',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await knex('donations').insert([gift(ada), gift(ada)]);
    const moveAdaToBen = (trx: Knex.Transaction) => trx('donations').where({ contactId: ada }).update({ contactId: ben });

    // A move that fails takes its pause back with it: the next writer is counted by the triggers again.
    await expect(
      knex.transaction((trx) =>
        moveKeepingReach(trx, owner.accountId, [ada, ben], async () => {
          await moveAdaToBen(trx);
          throw new Error('interrupted');
        }),
      ),
    ).rejects.toThrow('interrupted');
    expect(await knex('campaign_reach_paused').count({ n: '*' }).first()).toEqual({ n: 0 });
    await knex('donations').insert(gift(cy));
    await expectOverviewMatchesRows(owner, [campaign]);

    // On MariaDB other connections write on while one is paused: their rows are counted as always.
    await knex.transaction((trx) =>
      moveKeepingReach(trx, owner.accountId, [ada, ben], async () => {
        await moveAdaToBen(trx);
        if (engineOf(knex) === 'mysql') await knex('donations').insert(gift(cy));
      }),
    );
    expect(await knex('campaign_reach').where({ campaignId: campaign }).orderBy('donations').select('contactId', 'donations')).toEqual(
      engineOf(knex) === 'mysql'
        ? [
            { contactId: ben, donations: 2 },
            { contactId: cy, donations: 2 },
          ]
        : [
            { contactId: cy, donations: 1 },
            { contactId: ben, donations: 2 },
          ],
    );
    expect(await knex('campaign_reach_paused').count({ n: '*' }).first()).toEqual({ n: 0 });
    await expectOverviewMatchesRows(owner, [campaign]);
  });
});
