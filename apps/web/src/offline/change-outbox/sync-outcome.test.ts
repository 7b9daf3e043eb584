import { describe, expect, it } from 'vitest';
import { classifyFailure, retryDelayMs } from './sync-outcome';

const CONFLICTS = ['VERSION_CONFLICT', 'ALREADY_ASSIGNED'];

describe('classifyFailure', () => {
  it('retries without network, on server errors and throttling', () => {
    for (const status of [0, 500, 503, 429, 408, 401]) {
      expect(classifyFailure({ status, code: 'X', message: 'm' }, CONFLICTS)).toEqual({ kind: 'retry' });
    }
  });

  it('keeps a change waiting while the session must first replace its one-time password', () => {
    const refusal = { status: 403, code: 'PASSWORD_CHANGE_REQUIRED', message: 'Bitte zuerst ändern' };
    expect(classifyFailure(refusal, CONFLICTS)).toEqual({ kind: 'retry' });
  });

  it('asks the user on a 409 the module names as a conflict', () => {
    expect(classifyFailure({ status: 409, code: 'VERSION_CONFLICT', message: 'm' }, CONFLICTS)).toEqual({
      kind: 'conflict',
    });
    expect(classifyFailure({ status: 409, code: 'ALREADY_ASSIGNED', message: 'm' }, CONFLICTS)).toEqual({
      kind: 'conflict',
    });
    // Without conflict codes every 409 is final: set aside with the server's reason.
    expect(classifyFailure({ status: 409, code: 'ALREADY_BOOKED', message: 'gebucht' })).toEqual({
      kind: 'set-aside',
      reason: 'gebucht',
    });
  });

  it('sets aside any other refusal with the server reason', () => {
    expect(
      classifyFailure({ status: 404, code: 'NOT_FOUND', message: 'Der Lagerplatz wurde nicht gefunden' }, CONFLICTS),
    ).toEqual({ kind: 'set-aside', reason: 'Der Lagerplatz wurde nicht gefunden' });
    expect(classifyFailure({ status: 400, code: 'BAD_REQUEST', message: 'x' }, CONFLICTS).kind).toBe('set-aside');
    expect(classifyFailure({ status: 403, code: 'FORBIDDEN', message: 'x' }, CONFLICTS).kind).toBe('set-aside');
  });
});

describe('retryDelayMs', () => {
  it('doubles from 2 s and stops at 5 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(retryDelayMs(30)).toBe(300_000);
    expect(retryDelayMs(0)).toBe(2_000);
  });
});
