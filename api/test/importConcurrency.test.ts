import { createAccountWithUser, insertCampaign, insertContact, login, type LoggedIn } from './helpers/fixtures';
import { apiClient, useListeningApp } from './helpers/listeningApp';
import { testEngine } from './support/testDb';

/**
 * An import running while users record donations and pledges to the same campaign and the same
 * contacts through the API (ADR 0002). On MariaDB a batch that summed totals from a
 * snapshot taken before its locks, or wrote contacts without locking them first, left totals that
 * no longer equal their rows. Every request must succeed and every total must equal its rows.
 */
const CLIENTS = 6;
const ROWS = 600;
const EXISTING = 30;

const harness = useListeningApp({ config: { importBatchSize: 20 } });

const cents = (value: unknown) => Math.round(Number(value) * 100);

it('keeps every contact total and the campaign totals equal to their rows while donations arrive during an import', async () => {
  const { knex, app, baseUrl } = harness;
  const member: LoggedIn = await login(app as never, await createAccountWithUser(knex));
  const campaignId = await insertCampaign(knex, member.accountId, { amountRaised: 0, donationCount: 0, contactsReached: 0 });
  const existing: string[] = [];
  for (let i = 0; i < EXISTING; i++) {
    existing.push(
      await insertContact(knex, member.accountId, {
        firstName: `Donor${i}`,
        lastName: 'Existing',
        primaryEmail: `donor${i}@example.org`,
        isVolunteer: i % 5 === 0,
      }),
    );
  }
  const { call, failures } = apiClient(baseUrl, member.token);
  let acknowledged = 0;

  // Rows for the existing contacts (matched by email) and for new ones, some pledges, some gifts
  // not counted (pending).
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    Email: `donor${i % (EXISTING + 20)}@example.org`,
    First: `Donor${i % (EXISTING + 20)}`,
    Amount: `${(i % 17) + 1}.25`,
    Status: i % 11 === 0 ? 'pending' : 'completed',
    Pledge: i % 13 === 0 ? '100' : '',
  }));
  const start = await call('POST', '/api/data-import/import', {
    campaignId,
    fileName: 'concurrent.csv',
    headers: ['Email', 'First', 'Amount', 'Status', 'Pledge'],
    mapping: { Email: 'email', First: 'firstName', Amount: 'amount', Status: 'donationStatus', Pledge: 'pledgedAmount' },
    rows,
  });
  expect(start.status).toBe(202);
  const importId = String(start.data!.importId);

  let importDone = false;
  async function client(n: number) {
    for (let round = 0; !importDone || round < 5; round++) {
      const contactId = existing[(n * 7 + round) % EXISTING];
      const res =
        round % 4 === 3
          ? await call('POST', `/api/contacts/${contactId}/pledges`, { pledgeAmount: 50, frequency: 'one_time', pledgeDate: '2026-03-01', campaignId })
          : await call('POST', `/api/contacts/${contactId}/donations`, {
              donationAmount: 1 + ((n * 31 + round) % 40) / 4,
              donationDate: '2026-03-01',
              campaignId,
              confirmDuplicate: true,
            });
      if (res.status === 201) acknowledged += 1;
    }
  }
  async function watch() {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const res = await call('GET', `/api/data-import/${importId}`);
      if ((res.data?.import as { status: string }).status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    importDone = true;
  }
  await Promise.all([watch(), ...Array.from({ length: CLIENTS }, (_, n) => client(n))]);
  await app.jobs.queue.idle();

  console.log(`import under concurrent writes (${testEngine()}): ${acknowledged} API writes during a ${ROWS}-row import`);
  expect(failures).toEqual([]);
  const record = (await call('GET', `/api/data-import/${importId}`)).data!.import as Record<string, unknown>;
  expect(record).toMatchObject({ status: 'completed', recordsImported: ROWS, recordsSkipped: 0 });

  const donations = (await knex('donations').where({ accountId: member.accountId }).select('contactId', 'campaignId', 'donationAmount', 'status')) as Record<
    string,
    unknown
  >[];
  const pledges = (await knex('pledges').where({ accountId: member.accountId }).select('contactId', 'campaignId')) as Record<string, unknown>[];
  const counted = donations.filter((d) => d.status === 'completed');
  expect(counted.length).toBeGreaterThan(ROWS / 2);

  const contacts = (await knex('contacts').where({ accountId: member.accountId }).select('id', 'totalDonated', 'donationCount', 'isVolunteer')) as Record<
    string,
    unknown
  >[];
  const mismatches: string[] = [];
  for (const contact of contacts) {
    const mine = counted.filter((d) => d.contactId === contact.id);
    const sum = mine.reduce((acc, d) => acc + cents(d.donationAmount), 0);
    if (cents(contact.totalDonated) !== sum || Number(contact.donationCount) !== mine.length) {
      mismatches.push(`${String(contact.id)}: stored ${cents(contact.totalDonated)}/${Number(contact.donationCount)}, rows ${sum}/${mine.length}`);
    }
  }
  expect(mismatches).toEqual([]);

  const campaign = (await knex('campaigns')
    .where({ id: campaignId })
    .first('amountRaised', 'donationCount', 'contactsReached', 'volunteersRecruited')) as Record<string, unknown>;
  const reached = new Set([...donations, ...pledges].filter((r) => r.campaignId === campaignId).map((r) => String(r.contactId)));
  const volunteers = contacts.filter((c) => reached.has(String(c.id)) && Boolean(Number(c.isVolunteer))).length;
  expect({
    amountRaised: cents(campaign.amountRaised),
    donationCount: Number(campaign.donationCount),
    contactsReached: Number(campaign.contactsReached),
    volunteersRecruited: Number(campaign.volunteersRecruited),
  }).toEqual({
    amountRaised: counted.reduce((acc, d) => acc + cents(d.donationAmount), 0),
    donationCount: counted.length,
    contactsReached: reached.size,
    volunteersRecruited: volunteers,
  });
}, 180_000);
