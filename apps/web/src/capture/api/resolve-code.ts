import { ARTICLE_ERROR_CODES, type ArticleLookup } from '@mde/contracts';
import { lookupArticle } from '../../articles/lookup';
import { ApiError } from '../../lib/api-client';
import type { ArticleCacheRow } from '../../offline/article-cache/rows';

export type Resolution =
  /** `cached`: the device's cached article when the cache answered, so the form it opens need not read it again. */
  | { kind: 'found'; lookup: ArticleLookup; cached: ArticleCacheRow | null }
  /** `answered`: the server itself said no article has the code (not merely unreachable). */
  | { kind: 'unknown'; message: string; answered: boolean }
  /** The code names an article the ERP has delisted: known, but no longer captured. */
  | { kind: 'delisted'; message: string }
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
  try {
    const answer = await lookupArticle(vkforgId, code, { prefer: 'cache', deadlineMs });
    return { kind: 'found', lookup: answer.data, cached: answer.row ?? null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (MISREAD_CODES.has(error.code)) return { kind: 'misread', message: error.message };
    if (error.code === ARTICLE_ERROR_CODES.delisted) return { kind: 'delisted', message: error.message };
    if (error.status === 0 || error.status === 404)
      return { kind: 'unknown', message: error.message, answered: error.status === 404 };
    throw error;
  }
}
