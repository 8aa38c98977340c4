import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiClient';

const STALE_TIME_MS = 30_000;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change by asking again; network errors and 5xx get one more try.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
