import type { Knex } from 'knex';
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

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest(migratorConfig());
}

/** Names of the migrations already applied, oldest first. */
export async function appliedMigrations(knex: Knex): Promise<string[]> {
  const [completed] = (await knex.migrate.list(migratorConfig())) as [Array<{ name: string } | string>, unknown];
  return completed.map((m) => (typeof m === 'string' ? m : m.name));
}

export async function rollbackAll(knex: Knex): Promise<void> {
  await knex.migrate.rollback(migratorConfig(), true);
}
