import { ARTICLE_ERROR_CODES } from '@mde/contracts';
import { ApiError } from '../../../lib/api-client';

export type LookupFailure = { kind: 'unknown' | 'misread' | 'failed'; message: string };

/**
 * A failed scan lookup: an unknown code (say so, warning sound), a misread (check digit, unreadable: scan
 * again, error sound) or any other failure.
 */
export function lookupFailure(error: unknown, fallback: string): LookupFailure {
  if (!(error instanceof ApiError)) return { kind: 'failed', message: fallback };
  if (error.code === ARTICLE_ERROR_CODES.checkDigit || error.code === ARTICLE_ERROR_CODES.unreadable) {
    return { kind: 'misread', message: error.message };
  }
  if (error.code === ARTICLE_ERROR_CODES.notFound || error.status === 404)
    return { kind: 'unknown', message: error.message };
  return { kind: 'failed', message: error.message || fallback };
}
