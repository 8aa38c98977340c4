export { createKnex, engineOf, isMysqlUrl, mysqlConnectionFromUrl, DEFAULT_SQLITE_FILE } from './knex';
export type { Engine, CreateKnexOptions } from './knex';
export { migrateLatest, appliedMigrations, rollbackAll } from './migrate';
export { whileDatabaseUnavailable } from './readiness';
export { seedDemoIfEmpty, DEMO_EMAIL, DEMO_PASSWORD, DEMO_ACCOUNT_NAME } from './seeds/demo';
export { ACCOUNT_DATA_TABLES, PLATFORM_TABLES, ALL_TABLES, MYSQL_ACCOUNT_DATA_TABLES, PLATFORM_TABLE_PLACEMENT } from './tables';
export type { TableName } from './tables';
export { toSnake, toCamel } from './naming';
