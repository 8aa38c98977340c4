import type { Knex } from 'knex';

/**
 * MariaDB/MySQL chose this transaction as a deadlock victim (ER_LOCK_DEADLOCK) or it waited too long
 * for a row lock (ER_LOCK_WAIT_TIMEOUT). On a Galera cluster a certification conflict (another node
 * committed a write to the same row first) is the same 1213, answered to COMMIT or to the statement
 * running when the transaction was aborted, and is retried the same way; so is 1047, a node that is
 * not (or no longer) part of the primary component refusing a statement before it ran
 * (docs/adr/0013-capacity-and-scale-out.md).
 */
const RETRYABLE_ERRNOS = new Set([1213, 1205, 1047]);
const RETRYABLE_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'ER_UNKNOWN_COM_ERROR']);
/**
 * SQLite's busy codes come extended (better-sqlite3 reports them so): SQLITE_BUSY after the busy
 * timeout, and SQLITE_BUSY_SNAPSHOT at once when a transaction that has read wants to write after
 * another connection (a worker process) committed since its read: its snapshot is stale, and only
 * starting again from the new one can succeed.
 */
const SQLITE_BUSY = /^SQLITE_BUSY(_|$)/;

export function isRetryableLockError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, errno } = err as { code?: unknown; errno?: unknown };
  return (typeof errno === 'number' && RETRYABLE_ERRNOS.has(errno)) || (typeof code === 'string' && (RETRYABLE_CODES.has(code) || SQLITE_BUSY.test(code)));
}

/**
 * The connection to the database broke (its node was killed or left the cluster, the proxy in front
 * of it closed the session). Safe to retry only while the work had not finished: until COMMIT was
 * sent nothing of the transaction can have been committed. A break during COMMIT leaves the outcome
 * unknown, and surfaces (docs/adr/0013-capacity-and-scale-out.md).
 */
const CONNECTION_LOST_CODES = new Set(['PROTOCOL_CONNECTION_LOST', 'ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ER_CONNECTION_KILLED']);

export function isConnectionLost(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, fatal } = err as { code?: unknown; fatal?: unknown };
  return (typeof code === 'string' && CONNECTION_LOST_CODES.has(code)) || fatal === true;
}

/** A new connection reaches another node once the proxy marked the dead one down: wait longer than for a lock. */
const RECONNECT_DELAY_MS = 100;

export type RetryOptions = {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Upper bound of the first backoff; each retry doubles it (full jitter). */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in a transaction, and runs it again from the start when the database rolled it back
 * to break a deadlock or a lock wait: the loser of a lock conflict is retried, so a user's save
 * never fails because another user saved at the same moment. Bounded (the error surfaces after the
 * last attempt) and jittered (so the same two transactions do not collide again in lockstep).
 * So is a transaction whose connection broke before it committed (a database node lost).
 * `work` must touch nothing but the transaction, since it may run more than once.
 */
export async function inTransaction<T>(
  knex: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  { attempts = 6, baseDelayMs = 8, sleep = wait }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let workFinished = false;
    try {
      return await knex.transaction(async (trx) => {
        const result = await work(trx);
        workFinished = true;
        return result;
      });
    } catch (err) {
      const lostBeforeCommit = !workFinished && isConnectionLost(err);
      if (attempt >= attempts || !(isRetryableLockError(err) || lostBeforeCommit)) throw err;
      await sleep(Math.random() * (lostBeforeCommit ? RECONNECT_DELAY_MS : baseDelayMs) * 2 ** (attempt - 1));
    }
  }
}
