import type { Knex } from 'knex';
import { rebuildDonationRollups } from '../modules/analytics-reports/rollups';
import { migrations } from './migrations';

class ListedMigrationSource implements Knex.MigrationSource<string> {
  async getMigrations(): Promise<string[]> {
    return migrations.map((m) => m.name);
  }

  getMigrationName(name: string): string {
    return name;
  }

  async getMigration(name: string): Promise<Knex.Migration> {
    const found = migrations.find((m) => m.name === name);
    if (!found) throw new Error(`Unknown migration ${name}`);
    return found.migration;
  }
}

const migratorConfig = (): Knex.MigratorConfig => ({
  migrationSource: new ListedMigrationSource(),
  tableName: 'knex_migrations',
});

/**
 * Tables derived from others, filled from what is stored when the migration that creates them runs.
 * The filling is the app's code as it is now, so it runs here, after the migrations: a migration is
 * history and imports nothing of the app (docs/adr/0017-walls-lint-and-boundaries.md).
 */
const DERIVED_TABLES: { createdBy: string; rebuild: (knex: Knex) => Promise<void> }[] = [
  { createdBy: '20261125150000_donation_rollups', rebuild: (knex) => rebuildDonationRollups(knex) },
];

export async function migrateLatest(knex: Knex): Promise<void> {
  const before = new Set(await appliedMigrations(knex));
  await knex.migrate.latest(migratorConfig());
  for (const derived of DERIVED_TABLES) {
    if (!before.has(derived.createdBy)) await derived.rebuild(knex);
  }
}

/** Names of the migrations already applied, oldest first. */
export async function appliedMigrations(knex: Knex): Promise<string[]> {
  const [completed] = (await knex.migrate.list(migratorConfig())) as [Array<{ name: string } | string>, unknown];
  return completed.map((m) => (typeof m === 'string' ? m : m.name));
}

export async function rollbackAll(knex: Knex): Promise<void> {
  await knex.migrate.rollback(migratorConfig(), true);
}
