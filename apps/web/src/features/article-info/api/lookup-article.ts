import type { ArticleLookup } from '@mde/contracts';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { lookupCachedCode } from '../../../offline/article-cache/lookup';
import { db } from '../../../offline/db';
import { articleEndpoints } from './endpoints';
import { type Sourced, withOfflineFallback } from './offline-fallback';

export const fetchArticleLookup = (code: string, signal?: AbortSignal) =>
  apiFetch<ArticleLookup>(articleEndpoints.lookup(code), { signal });

async function lookupOffline(vkforgId: number, code: string): Promise<Sourced<ArticleLookup>> {
  const answer = await lookupCachedCode(db, vkforgId, code);
  // Same error as the server's (message and code), so the screens handle both alike.
  if (!answer.ok) throw new ApiError(answer.message, 404, answer.code);
  return { data: answer.lookup, offline: true, snapshotAt: answer.snapshotAt };
}

/** Lookup by code, the hot path of every scan: one round trip, or the offline cache. */
export const lookupArticle = (vkforgId: number, code: string, signal?: AbortSignal) =>
  withOfflineFallback(
    () => fetchArticleLookup(code, signal),
    () => lookupOffline(vkforgId, code),
  );
