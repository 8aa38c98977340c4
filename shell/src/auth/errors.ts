import { ApiError, DEFAULT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '@caucus/platform';

/** The server's message, the network message, or the page's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return NETWORK_ERROR_MESSAGE;
    if (error.message && error.message !== DEFAULT_ERROR_MESSAGE) return error.message;
  }
  return fallback;
}
