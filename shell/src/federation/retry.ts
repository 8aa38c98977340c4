// Small retry helpers shared by the federation runtime plugin and the remotes.json loader.
// No imports from shared packages: the runtime plugin runs before the share scope exists.

export type RetryOptions = {
  /** Attempts in total, the first included. */
  attempts: number;
  /** Delay before the 2nd attempt; doubles after that. */
  baseDelayMs: number;
};

export const DEFAULT_RETRY: RetryOptions = { attempts: 3, baseDelayMs: 300 };

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function backoffMs(retryIndex: number, options: RetryOptions): number {
  return options.baseDelayMs * 2 ** retryIndex;
}

/** Statuses worth another try: the server or something in front of it was briefly unavailable. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * fetch() that retries network failures and transient statuses. The last response is returned
 * as it is (even a 503) so the caller reports the real status; the last network error is thrown.
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit = {},
  options: RetryOptions = DEFAULT_RETRY,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt < options.attempts; attempt += 1) {
    if (attempt > 0) await delay(backoffMs(attempt - 1, options));
    try {
      const response = await fetchImpl(url, init);
      if (!isTransientStatus(response.status) || attempt === options.attempts - 1) return response;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error(`Failed to fetch ${url}`);
}
