// Benchmark data set: `npm run seed:large -w api` (DATABASE_URL for MySQL/MariaDB, else SQLITE_FILE or
// the default SQLite file). Adds one account with 100,000 contacts and 1,000,000 donations.
import argon2 from 'argon2';
import type { Knex } from 'knex';
import { newId } from '../../lib/ids';
import { insertInBatches } from '../batch';
import type { ContactRow, DonationRow } from '../rows';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import { createKnex, engineOf } from '../knex';
import { migrateLatest } from '../migrate';
import { ACCOUNT_DATA_TABLES, MYSQL_ACCOUNT_DATA_TABLES } from '../tables';
import {
  CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  ORGANIZATIONS,
  PERSONAL_EMAIL_DOMAINS,
  TAGS,
  addDays,
  createRandom,
  emailLocal,
  fictionalPhone,
  isoDateDaysFrom,
  pad,
} from './fakeData';
import { rebuildDonationRollups } from '../../modules/analytics-reports/rollups';

export const LARGE_ACCOUNT_NAME = 'Large Benchmark Org';
export const LARGE_EMAIL = 'bench@caucus.local';
export const LARGE_PASSWORD = 'caucus-bench';

export interface SeedLargeOptions {
  contacts?: number;
  donations?: number;
  /** Contacts per transaction; their donations go in the same transaction. */
  chunkSize?: number;
  log?: (line: string) => void;
}

export interface SeedLargeResult {
  skipped: boolean;
  accountId: string;
  contacts: number;
  donations: number;
  elapsedMs: number;
}

/** Rows as the seed inserts them: the columns it sets (the rest take their defaults). */
type SeedContact = Pick<ContactRow, 'id'> & Partial<ContactRow>;
type SeedDonation = Pick<DonationRow, 'id'> & Partial<DonationRow>;

interface CampaignTally {
  id: string;
  cents: number;
  count: number;
  donors: Set<number>;
}

const DAYS_OF_HISTORY = 3 * 365;

/**
 * Idempotent: an active 'Large Benchmark Org' means done. An account of that name left pending by an
 * interrupted run is deleted (its rows cascade) and seeded again.
 */
export async function seedLarge(knex: Knex, opts: SeedLargeOptions = {}): Promise<SeedLargeResult> {
  const totalContacts = opts.contacts ?? 100_000;
  const totalDonations = opts.donations ?? 1_000_000;
  const chunkSize = opts.chunkSize ?? 1000;
  const log = opts.log ?? (() => undefined);
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;

  const existing = await knex('accounts').where({ name: LARGE_ACCOUNT_NAME }).first('id', 'status');
  if (existing && existing.status === 'active') {
    log(`'${LARGE_ACCOUNT_NAME}' already exists (${existing.id}); nothing to do.`);
    return { skipped: true, accountId: existing.id, contacts: 0, donations: 0, elapsedMs: Date.now() - started };
  }
  if (existing) {
    log(`Removing the unfinished '${LARGE_ACCOUNT_NAME}' left by an interrupted run...`);
    await knex('accounts').where({ id: existing.id }).del();
  }

  const now = new Date();
  const stamp = { createdAt: now, updatedAt: now };
  const accountId = newId();
  const { userId } = await createAccount(knex, accountId, stamp);

  const committeeId = newId();
  await knex('committees').insert({ id: committeeId, accountId, name: 'Benchmark Victory Fund', committeeType: 'pac', ...stamp });
  const donationAccountIds = [newId(), newId()];
  await knex('donation_accounts').insert([
    { id: donationAccountIds[0], accountId, name: 'Benchmark Federal Account', accountType: 'federal', campaignId: null, ...stamp },
    { id: donationAccountIds[1], accountId, name: 'Benchmark State Account', accountType: 'state', campaignId: null, ...stamp },
  ]);
  const campaignDefs = [
    { name: 'Benchmark Annual Fund', type: 'fundraising', status: 'active', goal: 5_000_000 },
    { name: 'Benchmark Advocacy Push', type: 'advocacy', status: 'active', goal: 1_000_000 },
    { name: 'Benchmark GOTV', type: 'gotv', status: 'paused', goal: 750_000 },
    { name: 'Benchmark Membership', type: 'membership', status: 'completed', goal: 500_000 },
    { name: 'Benchmark Gala Series', type: 'event', status: 'draft', goal: 250_000 },
  ];
  const tallies: CampaignTally[] = campaignDefs.map(() => ({ id: newId(), cents: 0, count: 0, donors: new Set() }));
  await knex('campaigns').insert(
    campaignDefs.map((c, i) => ({
      id: tallies[i].id,
      accountId,
      name: c.name,
      slug: c.name.toLowerCase().replace(/\s+/g, '-'),
      description: `${c.name} (generated benchmark data).`,
      campaignType: c.type,
      status: c.status,
      committeeId,
      donationAccountId: donationAccountIds[i % 2],
      fundraisingGoal: c.goal,
      contactGoal: 50_000,
      volunteerGoal: 1_000,
      startDate: isoDateDaysFrom(now, -DAYS_OF_HISTORY),
      endDate: isoDateDaysFrom(now, 180),
      allowPublicDonations: true,
      donationMinimum: 1,
      donationMaximum: 0,
      suggestedAmounts: JSON.stringify([25, 50, 100, 250, 500, 1000]),
      createdBy: userId,
      ...stamp,
    })),
  );

  // Chunks go one at a time on both engines: SQLite has one writer, and on MariaDB every chunk updates
  // the same dashboard tallies (triggers, migration 20261123150000), so concurrent chunks would only
  // queue on those rows or deadlock on them.
  const concurrency = 1;
  const chunks = Math.ceil(totalContacts / chunkSize);
  let contactsDone = 0;
  let donationsDone = 0;
  let donationsPlanned = 0;
  let nextChunk = 0;

  const worker = async (): Promise<void> => {
    while (nextChunk < chunks) {
      const chunk = nextChunk;
      nextChunk += 1;
      const first = chunk * chunkSize;
      const count = Math.min(chunkSize, totalContacts - first);
      // Spread donations exactly: the last chunk takes what remains.
      const donationCount =
        chunk === chunks - 1
          ? totalDonations - Math.floor((totalDonations * first) / totalContacts)
          : Math.floor((totalDonations * (first + count)) / totalContacts) - Math.floor((totalDonations * first) / totalContacts);
      donationsPlanned += donationCount;
      const { contacts, donations } = buildChunk({
        chunk,
        first,
        count,
        donationCount,
        accountId,
        userId,
        now,
        tallies,
        donationAccountIds,
      });
      await knex.transaction(async (trx) => {
        await insertInBatches(trx, 'contacts', contacts, 1000);
        await insertInBatches(trx, 'donations', donations, 1000);
      });
      contactsDone += contacts.length;
      donationsDone += donations.length;
      if (chunk % 10 === 9 || contactsDone === totalContacts) {
        log(`contacts ${contactsDone}/${totalContacts}  donations ${donationsDone}/${totalDonations}  ${elapsed()}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks) }, () => worker()));
  if (donationsPlanned !== totalDonations) throw new Error('donation spread does not add up');

  // The analytics roll-ups of the donations just written (docs/product/compliance.md), before the account is marked done.
  log('analytics roll-ups...');
  await rebuildDonationRollups(knex, accountId);
  await knex.transaction(async (trx) => {
    for (const t of tallies) {
      await trx('campaigns')
        .where({ id: t.id })
        .update({
          amountRaised: t.cents / 100,
          donationCount: t.count,
          contactsReached: t.donors.size,
          updatedAt: new Date(),
        });
    }
    // Marked active last: an account still pending means the run did not finish.
    await trx('accounts').where({ id: accountId }).update({ status: 'active', updatedAt: new Date() });
  });
  // After a load of this size MariaDB's optimizer planned from statistics that no longer matched the
  // tables (2026-11-29: a merge's read of two donors' campaigns walked all million donations of the
  // account, 1.2-2.4 s a merge, until ANALYZE TABLE; 377 ms after), as a restored dump would. The
  // load ends as an operator ends one: with the statistics taken again.
  if (engineOf(knex) === 'mysql') {
    log('table statistics...');
    await knex.raw(`analyze table ${[...ACCOUNT_DATA_TABLES, ...MYSQL_ACCOUNT_DATA_TABLES].map((t) => `\`${t}\``).join(', ')}`);
  }
  log(`done: ${contactsDone} contacts, ${donationsDone} donations in ${elapsed()}`);
  return { skipped: false, accountId, contacts: contactsDone, donations: donationsDone, elapsedMs: Date.now() - started };
}

async function createAccount(knex: Knex, accountId: string, stamp: { createdAt: Date; updatedAt: Date }) {
  await knex('accounts').insert({
    id: accountId,
    name: LARGE_ACCOUNT_NAME,
    organizationType: 'nonprofit',
    status: 'pending',
    planId: 'organization',
    email: LARGE_EMAIL,
    ...stamp,
  });
  const user = await knex('users').where({ email: LARGE_EMAIL }).first('id');
  let userId: string = user?.id;
  if (!userId) {
    userId = newId();
    const passwordHash = await argon2.hash(LARGE_PASSWORD, { type: argon2.argon2id });
    await knex('users').insert({
      id: userId,
      email: LARGE_EMAIL,
      passwordHash,
      firstName: 'Bench',
      lastName: 'Mark',
      status: 'active',
      ...stamp,
    });
  }
  await knex('memberships').insert({ id: newId(), accountId, userId, role: 'owner', ...stamp });
  await knex('subscriptions').insert({
    id: newId(),
    accountId,
    planId: 'organization',
    provider: 'local',
    status: 'active',
    currentPeriodEnd: addDays(stamp.createdAt, 30),
    ...stamp,
  });
  return { userId };
}

function buildChunk(p: {
  chunk: number;
  first: number;
  count: number;
  donationCount: number;
  accountId: string;
  userId: string;
  now: Date;
  tallies: CampaignTally[];
  donationAccountIds: string[];
}): { contacts: SeedContact[]; donations: SeedDonation[] } {
  const rnd = createRandom(0xbe4c + p.chunk);
  const ids: string[] = [];
  const cents = new Array<number>(p.count).fill(0);
  const counts = new Array<number>(p.count).fill(0);
  const lastDate = new Array<string | null>(p.count).fill(null);
  const lastCents = new Array<number>(p.count).fill(0);
  for (let i = 0; i < p.count; i += 1) ids.push(newId());

  const donations: SeedDonation[] = [];
  const amounts = [5, 10, 25, 25, 50, 50, 100, 100, 250, 500, 1000];
  for (let d = 0; d < p.donationCount; d += 1) {
    const local = rnd.int(0, p.count - 1);
    const campaignIndex = rnd.int(0, p.tallies.length - 1);
    const amount = rnd.chance(0.2) ? rnd.money(1, 400) : rnd.pick(amounts);
    const r = rnd.next();
    const status = r < 0.95 ? 'completed' : r < 0.97 ? 'pending' : r < 0.99 ? 'refunded' : 'failed';
    const date = isoDateDaysFrom(p.now, -rnd.int(0, DAYS_OF_HISTORY));
    const tally = p.tallies[campaignIndex];
    tally.donors.add(p.first + local);
    if (status === COUNTED_DONATION_STATUS) {
      const c = Math.round(amount * 100);
      tally.cents += c;
      tally.count += 1;
      cents[local] += c;
      counts[local] += 1;
      if (!lastDate[local] || date > (lastDate[local] as string)) {
        lastDate[local] = date;
        lastCents[local] = c;
      }
    }
    donations.push({
      id: newId(),
      accountId: p.accountId,
      contactId: ids[local],
      campaignId: tally.id,
      donationAccountId: p.donationAccountIds[campaignIndex % 2],
      donationAmount: amount,
      paymentMethod: rnd.pick(['credit_card', 'credit_card', 'ach', 'check', 'cash', 'paypal'] as const),
      status,
      donationDate: date,
      isAnonymous: false,
      isRecurring: rnd.chance(0.1),
      createdAt: p.now,
      updatedAt: p.now,
    });
  }

  const contacts: SeedContact[] = [];
  for (let i = 0; i < p.count; i += 1) {
    const n = p.first + i;
    const firstName = rnd.pick(FIRST_NAMES);
    const lastName = rnd.pick(LAST_NAMES);
    const place = rnd.pick(CITIES);
    const org = rnd.chance(0.3) ? rnd.pick(ORGANIZATIONS).name : null;
    const tag = rnd.chance(0.4) ? [rnd.pick(TAGS)] : [];
    const createdAt = addDays(p.now, -rnd.int(0, DAYS_OF_HISTORY));
    const total = cents[i] / 100;
    contacts.push({
      id: ids[i],
      accountId: p.accountId,
      firstName,
      lastName,
      organization: org,
      primaryEmail: `${emailLocal(firstName, lastName)}.${n}@${PERSONAL_EMAIL_DOMAINS[n % PERSONAL_EMAIL_DOMAINS.length]}`,
      primaryPhone: fictionalPhone(place.area, n),
      city: place.city,
      state: place.state,
      zipCode: `${place.zip}${pad(n % 100, 2)}`,
      country: 'US',
      status: rnd.chance(0.9) ? 'active' : 'inactive',
      tags: JSON.stringify(tag),
      totalDonated: total,
      donationCount: counts[i],
      averageDonation: counts[i] ? Math.round(cents[i] / counts[i]) / 100 : 0,
      lastDonationAmount: counts[i] ? lastCents[i] / 100 : null,
      lastDonationDate: lastDate[i],
      isMajorDonor: total >= 1000,
      isVolunteer: tag[0] === 'volunteer',
      createdBy: p.userId,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return { contacts, donations };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const sqliteFile = process.env.SQLITE_FILE?.trim() || undefined;
  const knex = createKnex({ databaseUrl, sqliteFile });
  const target = databaseUrl ? databaseUrl.replace(/\/\/[^@/]*@/, '//***@') : (sqliteFile ?? 'data/caucus.sqlite');
  console.log(`Seeding '${LARGE_ACCOUNT_NAME}' into ${engineOf(knex)} (${target})`);
  try {
    await migrateLatest(knex);
    const contacts = process.env.LARGE_CONTACTS ? Number(process.env.LARGE_CONTACTS) : undefined;
    const donations = process.env.LARGE_DONATIONS ? Number(process.env.LARGE_DONATIONS) : undefined;
    const result = await seedLarge(knex, { contacts, donations, log: (line) => console.log(line) });
    if (!result.skipped) console.log(`Sign in as ${LARGE_EMAIL} / ${LARGE_PASSWORD}`);
  } finally {
    await knex.destroy();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
