import type { PageRequest } from './sync';

// Same path as features/article-info/api/endpoints.ts (offline/ must not import a feature).
export const CACHE_PATH = '/v1/articles/cache';

/** The API path (without the base) of one page of the cache, as the page and the sync worker ask for it. */
export function cachePagePath(request: PageRequest): string {
  const params = new URLSearchParams({ limit: String(request.limit) });
  if (request.cursor) params.set('cursor', request.cursor);
  if (request.changedSince) params.set('changedSince', request.changedSince);
  return `${CACHE_PATH}?${params}`;
}
