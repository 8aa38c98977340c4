import { reconcileAccount } from '../src/modules/ledger';
import { createAccountWithUser, insertCampaign, insertContact, login, type LoggedIn } from './helpers/fixtures';
import { apiClient, useListeningApp } from './helpers/listeningApp';
import { testEngine } from './support/testDb';

/**
 * An import batch holds the account's figures (the last lock of every money write, ADR 0002) only
 * for its derived rows and its COMMIT, not while it writes its gifts: a gift saved by someone else
 * meanwhile does not wait for the whole batch (docs/adr/0013-capacity-and-scale-out.md; on the
 * cluster, gifts queued behind 250-row batches past the client's 30 s). Here the batch is held while
 * it inserts its gift (another transaction holds the row of its campaign's tallies that the insert's
 * trigger moves) and a gift to another contact and campaign is saved meanwhile. Row locks: MariaDB
 * only (SQLite runs one writer at a time).
 */
const mysqlOnly = testEngine() === 'mysql' ? it : it.skip;

const harness = useListeningApp();

/**
 * The statement of this database's connections held on the campaign's tally row (a trigger's insert;
 * the server may run other databases' tests meanwhile), with how long it has run.
 */
async function heldStatements(): Promise<{ id: number; ms: number }[]> {
  const [rows] = (await harness.knex.raw(
    "select id, time_ms as ms from information_schema.processlist where db = database() and command = 'Query' and info like 'insert into campaign_contact_tallies%'",
  )) as [{ id: unknown; ms: unknown }[]];
  return rows.map((row) => ({ id: Number(row.id), ms: Number(row.ms) }));
}

mysqlOnly(
  'a gift saved while an import batch writes its rows waits only for the end of the batch',
  async () => {
    const { knex, app, baseUrl } = harness;
    const member: LoggedIn = await login(app as never, await createAccountWithUser(knex));
    const { call } = apiClient(baseUrl, member.token);
    const imported = await insertCampaign(knex, member.accountId, { amountRaised: 0, donationCount: 0, contactsReached: 0 });
    const other = await insertCampaign(knex, member.accountId, { amountRaised: 0, donationCount: 0, contactsReached: 0 });
    const donor = await insertContact(knex, member.accountId, { firstName: 'Imported', lastName: 'Donor', primaryEmail: 'imported.donor@example.org' });
    const giver = await insertContact(knex, member.accountId, { firstName: 'Hand', lastName: 'Giver' });
    const earlier = await insertContact(knex, member.accountId, { firstName: 'Earlier', lastName: 'Donor' });
    // Both campaigns' tallies of active contacts exist: the import's is the row the batch is held on,
    // the other one's is updated by the gift in place (no insert next to a held row).
    expect((await call('POST', `/api/contacts/${donor}/donations`, { donationAmount: 10, donationDate: '2026-01-15', campaignId: other })).status).toBe(201);
    expect((await call('POST', `/api/contacts/${earlier}/donations`, { donationAmount: 15, donationDate: '2026-01-15', campaignId: imported })).status).toBe(
      201,
    );

    const holder = await knex.transaction();
    let importId = '';
    try {
      // The batch's first gift to its campaign from a contact new to it counts one more contact reached
      // there (campaign_contact_tallies, by trigger): held here, in the middle of the batch's writes.
      // By primary key: a record lock only, no gap another row would be inserted into.
      await holder('campaign_contact_tallies').where({ campaignId: imported, contactStatus: 'active' }).forUpdate().select('contacts');
      const start = await call('POST', '/api/data-import/import', {
        campaignId: imported,
        fileName: 'held.csv',
        headers: ['Email', 'Amount'],
        mapping: { Email: 'email', Amount: 'amount' },
        rows: [{ Email: 'imported.donor@example.org', Amount: '25' }],
      });
      expect(start.status).toBe(202);
      importId = String(start.data!.importId);
      // The batch has locked its contact and campaign, inserted its gift and now waits for the tally row.
      const deadline = Date.now() + 20_000;
      let held: { id: number; ms: number }[] = [];
      while (held.length === 0 && Date.now() < deadline) {
        held = (await heldStatements()).filter((statement) => statement.ms >= 200);
        if (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (held.length !== 1) {
        const state = await knex('imports').where({ id: importId }).first('status', 'recordsImported', 'failureReason', 'leaseOwner');
        throw new Error(`expected the batch alone to wait for the held row, saw ${held.length} waiting; the import: ${JSON.stringify(state)}`);
      }
      const seen = Date.now() - held[0].ms;

      const gift = await call('POST', `/api/contacts/${giver}/donations`, { donationAmount: 40, donationDate: '2026-03-01', campaignId: other });
      expect(gift.status).toBe(201);
      // Saved while that same statement of the batch still waits (it began before the gift was sent):
      // had the batch held the account's figures, the gift would have waited until the batch gave up
      // (InnoDB's lock wait, 5 s: knex.ts) and rolled back.
      const still = (await heldStatements()).find((statement) => statement.id === held[0].id);
      expect(still).toBeDefined();
      expect(Date.now() - still!.ms).toBeLessThanOrEqual(seen + 100);
    } finally {
      await holder.commit();
    }

    // The batch (retried if its own wait ran out meanwhile) completes, and every figure equals its rows.
    const deadline = Date.now() + 30_000;
    let record: Record<string, unknown> = {};
    while (Date.now() < deadline) {
      record = (await call('GET', `/api/data-import/${importId}`)).data!.import as Record<string, unknown>;
      if (record.status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(record).toMatchObject({ status: 'completed', recordsImported: 1, recordsSkipped: 0 });
    const donorRow = await knex('contacts').where({ id: donor }).first('totalDonated');
    expect(Number(donorRow.totalDonated)).toBe(35);
    expect((await reconcileAccount(knex, member.accountId)).differences).toEqual([]);
  },
  90_000,
);
