import { queryDefaults, retryDelayMs } from '@recell/contract';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** A client error (4xx other than 408/429) will not change on retry; anything else may. */
const isWorthRetrying = (error: unknown) =>
  !isApiError(error) || error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;

/** The spec's data-fetching numbers: 3 retries, delay 1 s doubling up to 30 s, 5 min cache. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < queryDefaults.retry && isWorthRetrying(error),
        retryDelay: retryDelayMs,
        staleTime: queryDefaults.cacheMs,
        gcTime: queryDefaults.cacheMs,
      },
    },
  });
}
