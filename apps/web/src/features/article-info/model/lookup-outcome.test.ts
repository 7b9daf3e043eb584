import { ARTICLE_ERROR_CODES } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { lookupFailure } from './lookup-outcome';

describe('lookup failure', () => {
  it('an unknown code is "unknown" with the server message', () => {
    const e = new ApiError('Artikel nicht gefunden', 404, ARTICLE_ERROR_CODES.notFound);
    expect(lookupFailure(e, 'x')).toEqual({ kind: 'unknown', message: 'Artikel nicht gefunden' });
  });

  it('check digit and unreadable codes are misreads, whatever the status', () => {
    const e = new ApiError('Prüfziffer ungültig – bitte erneut scannen', 400, ARTICLE_ERROR_CODES.checkDigit);
    expect(lookupFailure(e, 'x').kind).toBe('misread');
    expect(lookupFailure(new ApiError('u', 404, ARTICLE_ERROR_CODES.unreadable), 'x').kind).toBe('misread');
  });

  it('anything else fails with its message or the fallback', () => {
    expect(lookupFailure(new ApiError('Keine Berechtigung', 403, 'FORBIDDEN'), 'x')).toEqual({
      kind: 'failed',
      message: 'Keine Berechtigung',
    });
    expect(lookupFailure(new Error('boom'), 'Fallback')).toEqual({ kind: 'failed', message: 'Fallback' });
  });
});
