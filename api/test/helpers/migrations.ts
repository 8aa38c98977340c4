import type { Knex } from 'knex';
import { newId } from '../../src/lib/ids';
import { createTestDb, type TestDb } from '../support/testDb';
import { createAccountWithUser, insertCampaign } from './fixtures';

export interface BeforeMigration {
  db: TestDb;
  knex: Knex;
  /** An account with a user, and a campaign of it, made while the schema was the latest. */
  accountId: string;
  campaignId: string;
}

/**
 * For testing a migration on rows stored before it: registers a beforeAll that makes a fresh
 * database with an account and a campaign and then rolls `migration` back (the test writes the old
 * rows and runs its up()), and an afterAll that drops the database. The fields are filled in by the
 * beforeAll.
 */
export function databaseBefore(migration: { down(knex: Knex): Promise<unknown> }): BeforeMigration {
  const ctx = {} as BeforeMigration;
  beforeAll(async () => {
    ctx.db = await createTestDb();
    ctx.knex = ctx.db.knex;
    ({ accountId: ctx.accountId } = await createAccountWithUser(ctx.knex));
    ctx.campaignId = await insertCampaign(ctx.knex, ctx.accountId);
    await migration.down(ctx.knex);
  });
  afterAll(async () => {
    await ctx.db?.destroy();
  });
  return ctx;
}

/** An imports row of an email-and-amount file, as an older schema stored it; returns its id. */
export async function insertOldImport(
  { knex, accountId, campaignId }: BeforeMigration,
  fields: { status: string; recordsTotal: number; recordsImported: number; recordsSkipped: number },
): Promise<string> {
  const id = newId();
  const now = new Date();
  await knex('imports').insert({
    id,
    accountId,
    campaignId,
    fileName: 'old.csv',
    importType: 'mixed',
    headers: JSON.stringify(['Email', 'Amount']),
    mapping: JSON.stringify({ Email: 'email', Amount: 'amount' }),
    ...fields,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
