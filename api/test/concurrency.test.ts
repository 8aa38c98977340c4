import { testEngine } from './support/testDb';
import { useListeningApp } from './helpers/listeningApp';
import { reconcileAccount } from '../src/modules/ledger';
import { createAccountWithUser, federalCommitteeBody, insertCampaign, login, signedIn } from './helpers/fixtures';

/**
 * Many users saving at the same moment: contacts with nested lists (created, then edited, which
 * rewrites every list) and a mix of ledger operations on one shared campaign of a committee (gifts,
 * edits of their amounts, refunds of excessive ones, the campaign archived and back). On MariaDB this is where lock
 * conflicts (gap locks, lock upgrades on the campaign row) turned saves into 500s. Every request
 * must succeed, every acknowledged write must be stored, and every total must equal its rows.
 * CONCURRENCY_TEST_SECONDS sets the duration (20 s on MariaDB in CI; SQLite serialises writers
 * anyway, so it gets a short run).
 */
const CLIENTS = Number(process.env.CONCURRENCY_TEST_CLIENTS || 50);
const SECONDS = Number(process.env.CONCURRENCY_TEST_SECONDS || (testEngine() === 'mysql' ? 20 : 4));
/** Rounds of each client before the deadline counts: two of each of the five steps. */
const MIN_ROUNDS = 10;

// The pool's 4 s wait for a connection is production's answer to a database in trouble. Here 50
// clients share 30 connections on a machine that runs the rest of CI beside this test, and what
// is under test is lock conflicts, not how long a starved CPU takes to hand a connection back.
const harness = useListeningApp({ db: { acquireTimeoutMs: 30_000 } });

type Ack = { contacts: Map<string, { phones: number }>; donations: Map<string, { contactId: string; amountCents: number }> };

const cents = (n: number) => Math.round(n * 100);

function contactBody(client: number, round: number, phones: number) {
  return {
    firstName: `Client${client}`,
    lastName: `Round${round}`,
    quickNotes: 'ünïcödé notes',
    phoneNumbers: Array.from({ length: phones }, (_, i) => ({
      phoneNumber: `555-01${String(client).padStart(2, '0')}-${i}`,
      phoneType: i === 0 ? 'mobile' : 'home',
      isPrimary: i === 0,
    })),
    emailAddresses: [{ emailAddress: `c${client}.r${round}@example.org`, emailType: 'personal', isPrimary: true }],
    addresses: [{ addressType: 'home', streetAddress1: '1 Main St', city: 'Springfield', stateProvince: 'IL', postalCode: '62701', country: 'US' }],
    employment: [{ companyName: 'Acme', jobTitle: 'Engineer', startDate: '2020-01-15' }],
    education: [{ institutionName: 'State University', graduationYear: 2010 }],
  };
}

it(`${CLIENTS} clients saving contacts with nested lists and donating to one campaign: no 5xx, nothing lost, totals equal rows`, async () => {
  const { knex, app, baseUrl } = harness;
  const member = await login(app as never, await createAccountWithUser(knex));
  const committee = await signedIn(app as never, member).post('/api/committees', federalCommitteeBody());
  const campaignId = await insertCampaign(knex, member.accountId, { amountRaised: 0, donationCount: 0, committeeId: committee.body.data.committee.id });
  // Gifts whose amount an edit or a remedy changed: their rows are checked by reconciliation instead.
  const changed = new Set<string>();
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${member.token}` };
  const ack: Ack = { contacts: new Map(), donations: new Map() };
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  const deadline = Date.now() + SECONDS * 1000;

  /** `refusals`: answers that are the operation's own rule (a remedy of a gift within the limit), not failures. */
  async function call(method: string, path: string, body: unknown, refusals: number[] = []): Promise<{ status: number; data?: Record<string, unknown> }> {
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: JSON.stringify(body) });
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const json = (await res.json()) as { data?: Record<string, unknown>; message?: string };
    if (res.status >= 300 && !refusals.includes(res.status) && failures.length < 10) failures.push(`${method} ${path} ${res.status} ${json.message}`);
    return { status: res.status, data: json.data };
  }

  async function client(n: number) {
    const mine: string[] = [];
    const gifts: string[] = [];
    // Every client goes through each kind of step at least once, however slowly the machine answers
    // (a first request that took the whole window left a run with no gift to check).
    for (let round = 0; round < MIN_ROUNDS || Date.now() < deadline; round++) {
      const step = round % 5;
      if (n === 0 && round % 2 === 1) {
        // One client archives the campaign and gives it back while the others give to it.
        await call('POST', `/api/campaigns/${campaignId}/${round % 4 === 1 ? 'archive' : 'unarchive'}`, {});
      } else if (step === 0 || mine.length === 0) {
        const res = await call('POST', '/api/contacts', contactBody(n, round, 2));
        if (res.status === 201) {
          const contact = res.data!.contact as { id: string };
          ack.contacts.set(contact.id, { phones: 2 });
          mine.push(contact.id);
        }
      } else if (step === 1) {
        // An edit rewrites every nested list of the contact.
        const id = mine[round % mine.length];
        const phones = 1 + (round % 3);
        const res = await call('PUT', `/api/contacts/${id}`, contactBody(n, round, phones));
        if (res.status === 200) ack.contacts.set(id, { phones });
      } else if (step === 3 && gifts.length > 0) {
        // A gift's amount changed: large enough, past the election's limit (flagged).
        const id = gifts[round % gifts.length];
        const res = await call('PUT', `/api/contacts/donations/${id}`, {
          donationAmount: 3000 + (round % 7) * 100,
          donationDate: '2026-03-01',
          paymentMethod: 'credit_card',
          campaignId,
        });
        if (res.status === 200) changed.add(id);
      } else if (step === 4 && gifts.length > 0) {
        // The excess of a flagged gift refunded (a gift within the limit is refused with a 409).
        const id = gifts[round % gifts.length];
        const res = await call('POST', `/api/compliance/excessive/${id}/remedy`, { action: 'refund' }, [409]);
        if (res.status === 200) {
          changed.add(id);
          // The refunded part, its own row unless the whole gift was excess.
          ack.donations.set(String((res.data!.remedy as { remedyDonationId: string }).remedyDonationId), { contactId: mine[0], amountCents: -1 });
        }
      } else {
        const contactId = mine[round % mine.length];
        const amount = (1 + ((n * 7919 + round * 104729) % 50000)) / 100;
        const res = await call('POST', `/api/contacts/${contactId}/donations`, {
          donationAmount: amount,
          donationDate: '2026-03-01',
          paymentMethod: 'credit_card',
          campaignId,
        });
        if (res.status === 201) {
          const donation = res.data!.donation as { id: string };
          ack.donations.set(donation.id, { contactId, amountCents: cents(amount) });
          gifts.push(donation.id);
        }
      }
    }
  }

  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));

  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((a, [, count]) => a + count, 0);
  // Figures for the report: how much load the run really put on the database.
  console.log(`concurrency (${testEngine()}, ${CLIENTS} clients, ${SECONDS}s): ${total} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  expect(failures).toEqual([]);
  expect(serverErrors).toBe(0);
  expect(ack.donations.size).toBeGreaterThan(0);

  // Every acknowledged contact is stored with the lists of its last acknowledged save.
  const phoneCounts = new Map(
    (
      (await knex('contact_phone_numbers').where({ accountId: member.accountId }).select('contactId').count({ n: '*' }).groupBy('contactId')) as {
        contactId: string;
        n: number | string;
      }[]
    ).map((row) => [row.contactId, Number(row.n)]),
  );
  const storedContacts = new Set((await knex('contacts').where({ accountId: member.accountId }).pluck('id')) as string[]);
  for (const [id, { phones }] of ack.contacts) {
    expect(storedContacts.has(id)).toBe(true);
    expect(phoneCounts.get(id)).toBe(phones);
  }

  // Every acknowledged donation is stored with its amount; totals equal the sum of their rows.
  const all = (await knex('donations').where({ accountId: member.accountId }).select('id', 'contactId', 'donationAmount', 'status')) as {
    id: string;
    contactId: string;
    donationAmount: number | string;
    status: string;
  }[];
  const stored = new Map(all.map((d) => [d.id, d]));
  const donations = all.filter((d) => d.status === 'completed');
  for (const [id, { amountCents }] of ack.donations) {
    expect(stored.has(id)).toBe(true);
    if (!changed.has(id) && amountCents >= 0) expect(cents(Number(stored.get(id)?.donationAmount))).toBe(amountCents);
  }
  expect(all.length).toBe(ack.donations.size);

  const byContact = new Map<string, number>();
  for (const d of donations) byContact.set(d.contactId, (byContact.get(d.contactId) ?? 0) + cents(Number(d.donationAmount)));
  const contactTotals = (await knex('contacts').where({ accountId: member.accountId }).select('id', 'totalDonated', 'donationCount')) as {
    id: string;
    totalDonated: number | string;
  }[];
  for (const contact of contactTotals) expect(cents(Number(contact.totalDonated))).toBe(byContact.get(contact.id) ?? 0);

  const campaign = (await knex('campaigns').where({ id: campaignId }).first('amountRaised', 'donationCount')) as {
    amountRaised: number | string;
    donationCount: number | string;
  };
  const sum = donations.reduce((acc, d) => acc + cents(Number(d.donationAmount)), 0);
  expect(cents(Number(campaign.amountRaised))).toBe(sum);
  expect(Number(campaign.donationCount)).toBe(donations.length);
  // Every other figure (excess flags, roll-ups, reach, tallies) equals what its rows say.
  expect((await reconcileAccount(knex, member.accountId)).differences).toEqual([]);
}, 180_000);
