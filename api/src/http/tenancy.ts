import type { Knex } from 'knex';
import { isId } from '../lib/ids';
import { NotFound } from './errors';

type Db = Knex | Knex.Transaction;

/**
 * The only way repositories reach account data: every query starts already filtered by the account,
 * so forgetting the filter is not possible by construction.
 */
export function scoped<Row extends object = Record<string, unknown>>(db: Db, table: string, accountId: string): Knex.QueryBuilder<Row, Row[]> {
  return db<Row, Row[]>(table).where(`${table}.accountId`, accountId);
}

/**
 * A row of this account, or 404. Another account's id answers exactly like a missing id, so ids of
 * other tenants cannot be probed.
 */
export async function findOwnedOr404<Row extends object = Record<string, unknown>>(
  db: Db,
  table: string,
  accountId: string,
  id: string,
  notFoundMessage = 'Not found',
): Promise<Row> {
  if (!isId(id)) throw new NotFound(notFoundMessage);
  const row = (await scoped<Row>(db, table, accountId).where(`${table}.id`, id).first()) as Row | undefined;
  if (!row) throw new NotFound(notFoundMessage);
  return row;
}

/** Throws 404 unless the id is well formed; for routes that build their own scoped query. */
export function assertIdOr404(id: string, notFoundMessage = 'Not found'): void {
  if (!isId(id)) throw new NotFound(notFoundMessage);
}
