import { isDatabaseUnavailable } from './errors';

export type UnavailableRetryOptions = {
  /** How long to keep trying before the last error surfaces. */
  timeoutMs?: number;
  /** Told of each failed attempt that will be tried again (for the log). */
  onWait?: (error: unknown, attempt: number) => void;
};

const MAX_DELAY_MS = 5000;

/**
 * Runs `work` again while it fails because the database cannot answer (isDatabaseUnavailable): a
 * process started while its database is out of reach or between views (a Galera node lost, the
 * proxy still moving its clients) waits for it instead of exiting, as the API's requests answer 503
 * meanwhile. Any other error (a wrong password, a missing table) surfaces at once. `work` must be
 * safe to run again after such a failure (reads, or work that takes effect in one statement or
 * transaction).
 */
export async function whileDatabaseUnavailable<T>(
  work: () => Promise<T>,
  { timeoutMs = 120_000, onWait = () => {} }: UnavailableRetryOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() >= deadline) throw error;
      onWait(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_DELAY_MS, 250 * 2 ** (attempt - 1), Math.max(0, deadline - Date.now()))));
    }
  }
}
