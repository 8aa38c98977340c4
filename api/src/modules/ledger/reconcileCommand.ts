import { createKnex } from '../../db/knex';
import { reconcileAll } from './reconcile';

// `npm run reconcile -w @caucus/api`: every account's derived figures of money recomputed from the
// rows and compared (docs/adr/0012-the-ledger.md). Prints each difference and the count; exits 1
// when there is any, so a scheduled run can alert. Nothing is changed.

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const sqliteFile = process.env.SQLITE_FILE?.trim() || undefined;
  const knex = createKnex({ databaseUrl, sqliteFile });
  try {
    const { accounts, differences } = await reconcileAll(knex);
    for (const d of differences) {
      console.log(`${d.accountId} ${d.figure} ${d.id} ${d.field}: stored ${JSON.stringify(d.stored)}, rows say ${JSON.stringify(d.expected)}`);
    }
    console.log(`${accounts} account(s) checked, ${differences.length} difference(s)`);
    process.exitCode = differences.length > 0 ? 1 : 0;
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
