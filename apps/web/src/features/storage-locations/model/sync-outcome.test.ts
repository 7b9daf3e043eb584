import { describe, expect, it } from 'vitest';
import { classifyFailure, retryDelayMs } from './sync-outcome';

describe('classifyFailure', () => {
  it('retries without network, on server errors and throttling', () => {
    for (const status of [0, 500, 503, 429, 408, 401]) {
      expect(classifyFailure({ status, code: 'X', message: 'm' })).toEqual({ kind: 'retry' });
    }
  });

  it('asks the user on a version conflict or a parallel assign', () => {
    expect(classifyFailure({ status: 409, code: 'VERSION_CONFLICT', message: 'm' })).toEqual({ kind: 'conflict' });
    expect(classifyFailure({ status: 409, code: 'ALREADY_ASSIGNED', message: 'm' })).toEqual({ kind: 'conflict' });
  });

  it('sets aside any other refusal with the server reason', () => {
    expect(classifyFailure({ status: 404, code: 'NOT_FOUND', message: 'Der Lagerplatz wurde nicht gefunden' })).toEqual(
      { kind: 'set-aside', reason: 'Der Lagerplatz wurde nicht gefunden' },
    );
    expect(classifyFailure({ status: 400, code: 'BAD_REQUEST', message: 'x' }).kind).toBe('set-aside');
    expect(classifyFailure({ status: 403, code: 'FORBIDDEN', message: 'x' }).kind).toBe('set-aside');
  });
});

describe('retryDelayMs', () => {
  it('doubles from 2 s and stops at 5 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(retryDelayMs(30)).toBe(300_000);
    expect(retryDelayMs(0)).toBe(2_000);
  });
});
