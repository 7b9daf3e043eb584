import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { isOffline } from './online';

/**
 * A 4xx will not get better by asking again; a network error is retried while the browser has a network,
 * and without one the error is shown at once (a person in a cold store must not wait for retries).
 */
export function shouldRetry(count: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && error.status === 0 && isOffline()) return false;
  return count < 2;
}

// One client for the app: logout and context changes clear or invalidate it (docs/spec.md §4).
// networkMode 'always': the query functions decide what happens without network (the device's copy, the
// article cache, or a German error). TanStack's default pauses every query while the browser is offline,
// which left the capture screen spinning for ever.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, networkMode: 'always', retry: shouldRetry },
    mutations: { networkMode: 'always' },
  },
});
