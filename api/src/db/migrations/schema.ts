import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

// Column conventions shared by every migration (ADR 0001). Migration files call these helpers with
// snake_case names: the knex instance maps identifiers, and snake_case passes through unchanged.

export function isMysql(knex: Knex): boolean {
  const driver = (knex.client as { driverName?: string }).driverName;
  return driver === 'mysql2' || driver === 'mysql';
}

/**
 * An id for a row a migration writes: a UUIDv7 (RFC 9562) like the app's, time-ordered, so rows made
 * here sort with the app's own. Kept here rather than borrowed from the app: a migration is history.
 */
export function rowId(): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** CREATE TABLE with InnoDB / utf8mb4 on MariaDB (the server default may be anything). */
export function createTable(knex: Knex, name: string, build: (t: Knex.CreateTableBuilder) => void): Knex.SchemaBuilder {
  const mysql = isMysql(knex);
  return knex.schema.createTable(name, (t) => {
    if (mysql) {
      t.engine('InnoDB');
      t.charset('utf8mb4');
      t.collate('utf8mb4_unicode_ci');
    }
    build(t);
  });
}

/** Application-made UUIDv7 primary key. */
export function idColumn(t: Knex.CreateTableBuilder, name = 'id'): void {
  t.string(name, 36).primary();
}

/** Millisecond precision on MariaDB (plain DATETIME drops it); SQLite stores epoch milliseconds. */
export function dateTime(t: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return t.datetime(name, { precision: 3 });
}

export function timestamps(t: Knex.CreateTableBuilder): void {
  dateTime(t, 'created_at').notNullable();
  dateTime(t, 'updated_at').notNullable();
}

export function money(t: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return t.decimal(name, 14, 2);
}

/** JSON stored as text (lists of tags, amounts; small objects). */
export function jsonText(t: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return t.text(name);
}

/** Larger JSON payloads (import headers and rows, webhook bodies): MEDIUMTEXT on MariaDB. */
export function largeText(t: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return t.text(name, 'mediumtext');
}

/** account_id NOT NULL, FK accounts ON DELETE CASCADE (an account's data goes with it). */
export function accountColumn(t: Knex.CreateTableBuilder): void {
  t.string('account_id', 36).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
}

export function userRef(t: Knex.CreateTableBuilder, name: string, onDelete: 'SET NULL' | 'CASCADE' = 'SET NULL'): Knex.ColumnBuilder {
  const column = t.string(name, 36);
  if (onDelete === 'CASCADE') column.notNullable();
  else column.nullable();
  column.references('id').inTable('users').onDelete(onDelete);
  return column;
}

export function ref(t: Knex.CreateTableBuilder, name: string, table: string, onDelete: 'SET NULL' | 'CASCADE' | 'RESTRICT'): Knex.ColumnBuilder {
  const column = t.string(name, 36);
  if (onDelete === 'SET NULL') column.nullable();
  else column.notNullable();
  column.references('id').inTable(table).onDelete(onDelete);
  return column;
}

export async function dropTables(knex: Knex, tables: string[]): Promise<void> {
  for (const table of tables) {
    await knex.schema.dropTableIfExists(table);
  }
}
