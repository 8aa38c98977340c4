import argon2 from 'argon2';
import { createTestDb, type TestDb } from '../../test/support/testDb';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoIfEmpty } from '.';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import { DEMO_ACCOUNT_NAME } from './seeds/demo';
import { ACCOUNT_DATA_TABLES } from './tables';
import { toBool, toInt, toMoney } from './values';

describe('seedDemoIfEmpty', () => {
  let db: TestDb;
  let firstResult: boolean;
  let elapsedMs: number;
  let accountId: string;

  beforeAll(async () => {
    db = await createTestDb();
    const started = Date.now();
    firstResult = await seedDemoIfEmpty(db.knex);
    elapsedMs = Date.now() - started;
    accountId = (await db.knex('accounts').where({ name: DEMO_ACCOUNT_NAME }).first('id')).id;
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('seeds once, quickly, and reports false afterwards', async () => {
    expect(firstResult).toBe(true);
    expect(elapsedMs).toBeLessThan(10000);
    expect(await seedDemoIfEmpty(db.knex)).toBe(false);
    expect(await db.knex('users').where({ email: DEMO_EMAIL })).toHaveLength(1);
    expect(await db.knex('accounts').where({ name: DEMO_ACCOUNT_NAME })).toHaveLength(1);
  });

  it('creates the demo user with an argon2id hash, as owner of an active growth account', async () => {
    const user = await db.knex('users').where({ email: DEMO_EMAIL }).first();
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(user.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await argon2.verify(user.passwordHash, 'wrong-password')).toBe(false);
    expect(user.status).toBe('active');

    const account = await db.knex('accounts').where({ id: accountId }).first();
    expect(account).toMatchObject({ organizationType: 'political', status: 'active', planId: 'growth' });
    const membership = await db.knex('memberships').where({ accountId, userId: user.id }).first();
    expect(membership.role).toBe('owner');
    const subscription = await db.knex('subscriptions').where({ accountId }).first();
    expect(subscription).toMatchObject({ status: 'active', planId: 'growth' });
  });

  it('creates campaigns, committees, donation accounts, contacts, lists and events', async () => {
    const campaigns = await db.knex('campaigns').where({ accountId });
    expect(campaigns).toHaveLength(3);
    expect(new Set(campaigns.map((c) => c.campaignType)).size).toBe(3);
    expect(campaigns.filter((c) => c.status === 'active').length).toBeGreaterThanOrEqual(2);
    expect(campaigns.every((c) => toMoney(c.fundraisingGoal) > 0)).toBe(true);
    expect(await db.knex('committees').where({ accountId })).toHaveLength(2);
    expect(await db.knex('donation_accounts').where({ accountId })).toHaveLength(3);

    const [{ n: contacts }] = await db.knex('contacts').where({ accountId }).count({ n: '*' });
    expect(toInt(contacts)).toBeGreaterThanOrEqual(150);
    for (const table of [
      'contact_phone_numbers',
      'contact_email_addresses',
      'contact_addresses',
      'contact_education',
      'contact_employment',
      'contact_notes',
      'contact_associations',
      'pledges',
      'donations',
    ]) {
      const [{ n }] = await db.knex(table).where({ accountId }).count({ n: '*' });
      expect({ table, some: toInt(n) > 0 }).toEqual({ table, some: true });
    }

    const lists = await db.knex('contact_lists').where({ accountId }).orderBy('type');
    expect(lists.map((l) => l.type)).toEqual(['smart', 'static']);
    for (const list of lists) {
      const [{ n }] = await db.knex('contact_list_members').where({ listId: list.id }).count({ n: '*' });
      expect(toInt(n)).toBe(list.memberCount);
      expect(list.memberCount).toBeGreaterThan(0);
    }
    const smart = lists.find((l) => l.type === 'smart');
    expect(JSON.parse(smart.rules)).toEqual([{ field: 'totalDonated', operator: 'greater_than', value: 500 }]);

    const events = await db.knex('events').where({ accountId });
    expect(events).toHaveLength(10);
    const now = Date.now();
    const starts = events.map((e) => new Date(e.startDate ?? e.startDay).getTime());
    expect(events.some((e) => e.startDay && !e.startDate)).toBe(true);
    expect(starts.some((t) => t < now)).toBe(true);
    expect(starts.some((t) => t > now)).toBe(true);
    expect(new Set(events.map((e) => e.campaignId)).size).toBe(3);
  });

  it('keeps contact and campaign totals consistent with the donation rows', async () => {
    const byContact: Array<{ contactId: string; total: unknown; n: unknown }> = await db
      .knex('donations')
      .where({ accountId, status: COUNTED_DONATION_STATUS })
      .groupBy('contactId')
      .select('contactId')
      .sum({ total: 'donationAmount' })
      .count({ n: '*' });
    const sums = new Map(byContact.map((r) => [r.contactId, { total: toMoney(r.total), n: toInt(r.n) }]));
    const contacts = await db.knex('contacts').where({ accountId }).select('id', 'totalDonated', 'donationCount', 'isMajorDonor');
    let donors = 0;
    for (const c of contacts) {
      const s = sums.get(c.id) ?? { total: 0, n: 0 };
      if (s.n > 0) donors += 1;
      expect({ id: c.id, total: toMoney(c.totalDonated), n: c.donationCount }).toEqual({ id: c.id, total: s.total, n: s.n });
      expect(toBool(c.isMajorDonor)).toBe(s.total >= 1000);
    }
    expect(donors).toBeGreaterThan(50);

    const byCampaign: Array<{ campaignId: string; total: unknown; n: unknown }> = await db
      .knex('donations')
      .where({ accountId, status: COUNTED_DONATION_STATUS })
      .groupBy('campaignId')
      .select('campaignId')
      .sum({ total: 'donationAmount' })
      .count({ n: '*' });
    const campaigns = await db.knex('campaigns').where({ accountId });
    for (const campaign of campaigns) {
      const s = byCampaign.find((r) => r.campaignId === campaign.id);
      expect(toMoney(campaign.amountRaised)).toBe(toMoney(s?.total ?? 0));
      expect(campaign.donationCount).toBe(toInt(s?.n ?? 0));
    }

    // Pledge fulfilment equals the completed donations linked to the pledge.
    const pledges = await db.knex('pledges').where({ accountId });
    for (const pledge of pledges) {
      const linked = await db.knex('donations').where({ pledgeId: pledge.id, status: COUNTED_DONATION_STATUS }).sum({ total: 'donationAmount' }).first();
      expect(toMoney(pledge.amountFulfilled)).toBe(toMoney(linked?.total ?? 0));
    }
  });

  it('writes account_id on every seeded row of account data', async () => {
    for (const table of ACCOUNT_DATA_TABLES) {
      const [{ n }] = await db.knex(table).whereNot({ accountId }).count({ n: '*' });
      expect({ table, others: toInt(n) }).toEqual({ table, others: 0 });
    }
  });
});
