import { ApiError } from './apiClient';
import { createQueryClient } from './queryClient';

describe('createQueryClient', () => {
  const defaults = createQueryClient().getDefaultOptions().queries ?? {};
  const retry = defaults.retry as (failureCount: number, error: unknown) => boolean;

  it('does not refetch on window focus and keeps data fresh for a while', () => {
    expect(defaults.refetchOnWindowFocus).toBe(false);
    expect(defaults.staleTime).toBeGreaterThan(0);
  });

  it('never retries a 4xx and retries a network error once', () => {
    expect(retry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(retry(0, new ApiError(401, 'Unauthorized'))).toBe(false);
    expect(retry(0, new ApiError(0, 'Network'))).toBe(true);
    expect(retry(1, new ApiError(0, 'Network'))).toBe(false);
  });
});
