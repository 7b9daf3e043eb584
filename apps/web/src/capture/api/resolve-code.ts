import { ARTICLE_ERROR_CODES, type ArticleLookup } from '@mde/contracts';
import { ApiError, apiFetch } from '../../lib/api-client';
import { lookupCachedCode } from '../../offline/article-cache/lookup';
// Static on purpose: awaiting even an already loaded dynamic import waits for a task, ~10 ms per scan while
// the list redraws.
import { db } from '../../offline/db';
import { captureEndpoints, isOffline } from './endpoints';

export type Resolution =
  | { kind: 'found'; lookup: ArticleLookup }
  | { kind: 'unknown'; message: string }
  | { kind: 'misread'; message: string };

/** A code the cache does not know waits at most this long for the server, then goes to the open codes. */
export const LOOKUP_DEADLINE_MS = 4000;

const MISREAD_CODES = new Set<string>([ARTICLE_ERROR_CODES.checkDigit, ARTICLE_ERROR_CODES.unreadable]);

/**
 * A scanned code → article. The offline article cache answers first: a scan must land at once, also in a
 * cold store without Wi-Fi; the server is asked only for codes the cache does not know.
 */
export async function resolveScannedCode(
  vkforgId: number,
  code: string,
  deadlineMs = LOOKUP_DEADLINE_MS,
): Promise<Resolution> {
  const cached = await lookupCachedCode(db, vkforgId, code);
  if (cached.ok) return { kind: 'found', lookup: cached.lookup };
  if (MISREAD_CODES.has(cached.code)) return { kind: 'misread', message: cached.message };
  if (isOffline()) return { kind: 'unknown', message: cached.message };
  try {
    return {
      kind: 'found',
      lookup: await apiFetch<ArticleLookup>(captureEndpoints.lookup(code), {
        signal: AbortSignal.timeout(deadlineMs),
      }),
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0 || error.status === 404) return { kind: 'unknown', message: error.message };
    if (MISREAD_CODES.has(error.code)) return { kind: 'misread', message: error.message };
    throw error;
  }
}
