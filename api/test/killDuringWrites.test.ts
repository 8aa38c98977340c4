import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Knex } from 'knex';
import { reconcileAccount } from '../src/modules/ledger';
import { createTestDb, testEngine, type TestDb } from './support/testDb';
import { createAccountWithUser, insertCampaign, type TestMember } from './helpers/fixtures';
import { freePort } from './helpers/freePort';

/**
 * Fault test: the API process is killed with SIGKILL while clients are writing. Every write it
 * acknowledged must be stored, and every total must still equal the rows it sums (totals change in
 * the same transaction as their rows). Then a restarted API serves the same data.
 */
const apiDir = path.resolve(__dirname, '..');
const CLIENTS = 10;
/** The kill comes once this many donations were acknowledged (and at least WRITE_MS in), so a slow machine still proves something. */
const MIN_DONATIONS = 10;
const WRITE_MS = 1500;

let db: TestDb;
let knex: Knex;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
});

afterAll(async () => {
  await db.destroy();
});

/** The API in a process of its own (node --import tsx: one process, so SIGKILL hits the server itself). */
async function startApi(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...process.env, ...db.env, NODE_ENV: 'test', PORT: String(port), SEED_DEMO: '0', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API did not start:\n${output}`)), 45_000);
    child.stdout!.on('data', () => {
      if (output.includes('Caucus is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`API exited with ${code}:\n${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function signIn(url: string, member: TestMember): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const cents = (n: unknown) => Math.round(Number(n) * 100);

it(`loses no acknowledged write when the API is killed with SIGKILL mid-write (${testEngine()})`, async () => {
  const member = await createAccountWithUser(knex);
  const campaignId = await insertCampaign(knex, member.accountId, { amountRaised: 0, donationCount: 0 });
  const { child, url } = await startApi();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const token = await signIn(url, member);
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  const acknowledged = { contacts: new Set<string>(), donations: new Map<string, number>() };
  let killed = false;

  /** Gifts whose amount an edit cut off by the kill may or may not have changed: either amount is right. */
  const uncertain = new Map<string, number>();

  async function post(pathname: string, body: unknown, method = 'POST'): Promise<Record<string, { id: string }> | undefined> {
    try {
      const res = await fetch(`${url}${pathname}`, { method, headers, body: JSON.stringify(body) });
      const json = (await res.json()) as { data?: Record<string, { id: string }> };
      if (res.status >= 500) throw new Error(`${pathname} answered ${res.status} before the kill`);
      return res.status === 201 || (method === 'PUT' && res.status === 200) ? json.data : undefined;
    } catch (err) {
      // A request cut off by the kill was never acknowledged; anything else is a failure.
      if (killed) return undefined;
      throw err;
    }
  }

  async function client(n: number) {
    for (let round = 0; !killed; round++) {
      const created = await post('/api/contacts', {
        firstName: `Killed${n}`,
        lastName: `Round${round}`,
        phoneNumbers: [{ phoneNumber: `555-02${n}-${round}`, isPrimary: true }],
      });
      if (!created) continue;
      acknowledged.contacts.add(created.contact.id);
      const amount = (1 + ((n * 31 + round * 17) % 9000)) / 100;
      const donated = await post(`/api/contacts/${created.contact.id}/donations`, { donationAmount: amount, donationDate: '2026-04-01', campaignId });
      if (!donated) continue;
      acknowledged.donations.set(donated.donation.id, cents(amount));
      if (round % 2 === 1) {
        // A ledger edit of the gift: its amount doubled, with every figure it counts in.
        const id = donated.donation.id;
        uncertain.set(id, cents(amount * 2));
        const edited = await post(`/api/contacts/donations/${id}`, { donationAmount: amount * 2, donationDate: '2026-04-02', campaignId }, 'PUT');
        if (edited) {
          acknowledged.donations.set(id, cents(amount * 2));
          uncertain.delete(id);
        } else if (!killed) uncertain.delete(id);
      }
    }
  }

  let failure: unknown;
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n).catch((err: unknown) => void (failure ??= err)));
  const started = Date.now();
  while (!failure && (Date.now() - started < WRITE_MS || acknowledged.donations.size < MIN_DONATIONS)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  killed = true;
  child.kill('SIGKILL');
  await Promise.all(clients);
  await exited;
  if (failure) throw failure;
  console.log(`SIGKILL (${testEngine()}): ${acknowledged.contacts.size} contacts and ${acknowledged.donations.size} donations acknowledged before the kill`);
  expect(acknowledged.donations.size).toBeGreaterThanOrEqual(MIN_DONATIONS);

  const contacts = new Set((await knex('contacts').where({ accountId: member.accountId }).pluck('id')) as string[]);
  for (const id of acknowledged.contacts) expect(contacts.has(id)).toBe(true);
  const donations = (await knex('donations').where({ accountId: member.accountId }).select('id', 'contactId', 'donationAmount')) as {
    id: string;
    contactId: string;
    donationAmount: unknown;
  }[];
  const stored = new Map(donations.map((d) => [d.id, cents(d.donationAmount)]));
  for (const [id, amount] of acknowledged.donations) expect([amount, uncertain.get(id) ?? amount]).toContain(stored.get(id));

  // Totals equal their rows, acknowledged or not: nothing half-written survived the kill.
  const byContact = new Map<string, number>();
  for (const d of donations) byContact.set(d.contactId, (byContact.get(d.contactId) ?? 0) + cents(d.donationAmount));
  for (const row of (await knex('contacts').where({ accountId: member.accountId }).select('id', 'totalDonated')) as { id: string; totalDonated: unknown }[]) {
    expect(cents(row.totalDonated)).toBe(byContact.get(row.id) ?? 0);
  }
  const campaign = (await knex('campaigns').where({ id: campaignId }).first('amountRaised', 'donationCount')) as {
    amountRaised: unknown;
    donationCount: unknown;
  };
  expect(cents(campaign.amountRaised)).toBe(donations.reduce((sum, d) => sum + cents(d.donationAmount), 0));
  expect(Number(campaign.donationCount)).toBe(donations.length);

  // Every other figure of the ledger (roll-ups, reach, tallies) equals its rows too.
  expect((await reconcileAccount(knex, member.accountId)).differences).toEqual([]);

  // A restarted API serves the same data and takes writes again.
  const again = await startApi();
  try {
    const tokenAgain = await signIn(again.url, member);
    const list = await fetch(`${again.url}/api/contacts?limit=1`, { headers: { Authorization: `Bearer ${tokenAgain}` } });
    expect(((await list.json()) as { data: { total: number } }).data.total).toBe(contacts.size);
  } finally {
    again.child.kill('SIGKILL');
  }
}, 120_000);
