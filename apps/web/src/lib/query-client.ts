import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// One client for the app: logout and context changes clear or invalidate it (spec §4).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not get better by asking again; network errors are retried.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});
