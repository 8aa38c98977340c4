/** A UNIQUE index refused the row (SQLite and MariaDB word it differently). */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, errno } = err as { code?: unknown; errno?: unknown };
  return code === 'ER_DUP_ENTRY' || errno === 1062 || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

// The database is down or saturated, not the request wrong: 503 tells clients and balancers to retry.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
  'SQLITE_BUSY',
]);

/**
 * A Galera node outside the primary component (it lost its quorum, or is still joining) refuses
 * every statement with 1047 and a commit it could not replicate with 1180 naming the primary
 * component: the cluster is between views, not the request wrong (docs/adr/0013-capacity-and-scale-out.md).
 */
const NON_PRIMARY_ERRNO = 1047;
const COMMIT_NOT_REPLICATED_ERRNO = 1180;

/** The database could not be reached or could not answer now; the same work may succeed in a moment. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { name, code, errno, sqlMessage, message } = err as { name?: unknown; code?: unknown; errno?: unknown; sqlMessage?: unknown; message?: unknown };
  // knex: "Knex: Timeout acquiring a connection. The pool is probably full."
  if (name === 'KnexTimeoutError') return true;
  if (errno === NON_PRIMARY_ERRNO) return true;
  if (errno === COMMIT_NOT_REPLICATED_ERRNO && /primary component/i.test(String(sqlMessage ?? message))) return true;
  return typeof code === 'string' && UNAVAILABLE_CODES.has(code);
}
