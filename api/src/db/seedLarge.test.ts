import argon2 from 'argon2';
import { createTestDb, type TestDb } from '../../test/support/testDb';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import { LARGE_ACCOUNT_NAME, LARGE_EMAIL, LARGE_PASSWORD, seedLarge } from './seeds/large';
import { toInt, toMoney } from './values';

// The real run is 100,000 contacts and 1,000,000 donations (npm run seed:large -w api); the same code
// path is proven here at a small scale, with uneven chunks.
describe('seedLarge', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb();
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('creates the benchmark account with exact counts and consistent totals, once', async () => {
    const result = await seedLarge(db.knex, { contacts: 2500, donations: 20001, chunkSize: 1000 });
    expect(result).toMatchObject({ skipped: false, contacts: 2500, donations: 20001 });
    const { accountId } = result;

    const account = await db.knex('accounts').where({ id: accountId }).first();
    expect(account).toMatchObject({ name: LARGE_ACCOUNT_NAME, status: 'active' });
    const user = await db.knex('users').where({ email: LARGE_EMAIL }).first();
    expect(await argon2.verify(user.passwordHash, LARGE_PASSWORD)).toBe(true);

    const [{ n: contacts }] = await db.knex('contacts').where({ accountId }).count({ n: '*' });
    const [{ n: donations }] = await db.knex('donations').where({ accountId }).count({ n: '*' });
    expect([toInt(contacts), toInt(donations)]).toEqual([2500, 20001]);

    const [totals] = await db.knex('contacts').where({ accountId }).sum({ total: 'totalDonated', count: 'donationCount' });
    const [sums] = await db.knex('donations').where({ accountId, status: COUNTED_DONATION_STATUS }).sum({ total: 'donationAmount' }).count({ n: '*' });
    expect(toMoney(totals.total)).toBe(toMoney(sums.total));
    expect(toInt(totals.count)).toBe(toInt(sums.n));

    const mismatched = await db
      .knex('contacts as c')
      .leftJoin(
        db
          .knex('donations')
          .where({ accountId, status: COUNTED_DONATION_STATUS })
          .groupBy('contactId')
          .select('contactId')
          .sum({ total: 'donationAmount' })
          .as('d'),
        'd.contactId',
        'c.id',
      )
      .where('c.accountId', accountId)
      .select('c.id', 'c.totalDonated', 'd.total');
    for (const row of mismatched) expect(toMoney(row.totalDonated)).toBe(toMoney(row.total ?? 0));

    const campaigns = await db.knex('campaigns').where({ accountId });
    const raised = campaigns.reduce((acc, c) => acc + Math.round(toMoney(c.amountRaised) * 100), 0) / 100;
    expect(raised).toBe(toMoney(sums.total));

    const again = await seedLarge(db.knex, { contacts: 10, donations: 10 });
    expect(again.skipped).toBe(true);
    const [{ n: after }] = await db.knex('contacts').where({ accountId }).count({ n: '*' });
    expect(toInt(after)).toBe(2500);
  });
});
