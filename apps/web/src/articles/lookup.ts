import { ARTICLE_ERROR_CODES, type ArticleLookup } from '@mde/contracts';
import { ApiError, apiFetch } from '../lib/api-client';
import { isOffline } from '../lib/online';
import { type CachedLookup, lookupCachedCode } from '../offline/article-cache/lookup';
import type { ArticleCacheRow } from '../offline/article-cache/rows';
// Static on purpose: awaiting even an already loaded dynamic import waits for a task, ~10 ms per scan while
// the list redraws.
import { db } from '../offline/db';
import { articlesEndpoints } from './endpoints';
import { type Sourced, withOfflineFallback } from './offline-fallback';

export const fetchArticleLookup = (code: string, signal?: AbortSignal) =>
  apiFetch<ArticleLookup>(articlesEndpoints.lookup(code), { signal });

/** The device's article cache of the vkforg: the same answer shape as the server's lookup. */
export const lookupInCache = (vkforgId: number, code: string): Promise<CachedLookup> =>
  lookupCachedCode(db, vkforgId, code);

/** A lookup's answer; `row` is the device's cached article when the cache answered (a screen it opens reuses it). */
export type LookupAnswer = Sourced<ArticleLookup> & { row?: ArticleCacheRow };

async function fromCache(vkforgId: number, code: string): Promise<LookupAnswer> {
  const answer = await lookupInCache(vkforgId, code);
  // Same error as the server's (message and code), so the screens handle both alike.
  if (!answer.ok) throw new ApiError(answer.message, 404, answer.code);
  return { data: answer.lookup, offline: true, snapshotAt: answer.snapshotAt, row: answer.row };
}

/**
 * The one lookup by code. 'server' (Artikel-Info: the current figures) asks the server and falls back to the
 * device's cache without network; 'cache' (the capture screens: a scan must land at once, also in a cold store
 * without Wi-Fi) answers from the cache and asks the server only for a code the cache does not know, within
 * `deadlineMs`.
 */
export async function lookupArticle(
  vkforgId: number,
  code: string,
  options: { prefer: 'server' | 'cache'; signal?: AbortSignal; deadlineMs?: number },
): Promise<LookupAnswer> {
  if (options.prefer === 'server') {
    return withOfflineFallback(
      () => fetchArticleLookup(code, options.signal),
      () => fromCache(vkforgId, code),
    );
  }
  const cached = await lookupInCache(vkforgId, code);
  if (cached.ok) return { data: cached.lookup, offline: true, snapshotAt: cached.snapshotAt, row: cached.row };
  // A misread stays a misread; the server would only say the same.
  if (cached.code !== ARTICLE_ERROR_CODES.notFound || isOffline()) throw new ApiError(cached.message, 404, cached.code);
  const signal = options.deadlineMs === undefined ? options.signal : AbortSignal.timeout(options.deadlineMs);
  return { data: await fetchArticleLookup(code, signal), offline: false };
}
