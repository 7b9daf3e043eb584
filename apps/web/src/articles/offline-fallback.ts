import { ApiError } from '../lib/api-client';

/** An answer with where it came from: the server, or the offline cache with its snapshot time. */
export type Sourced<T> = { data: T; offline: false } | { data: T; offline: true; snapshotAt: string | null };

const isNetworkError = (e: unknown) => e instanceof ApiError && e.status === 0;

/**
 * While offline, search and lookup answer from the cache. Without network at all the cache
 * answers at once; when a request fails for lack of a connection it answers instead.
 */
export async function withOfflineFallback<T>(
  online: () => Promise<T>,
  offline: () => Promise<Sourced<T>>,
): Promise<Sourced<T>> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return offline();
  try {
    return { data: await online(), offline: false };
  } catch (error) {
    if (isNetworkError(error)) return offline();
    throw error;
  }
}
