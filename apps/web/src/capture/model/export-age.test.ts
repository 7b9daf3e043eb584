import { describe, expect, it } from 'vitest';
import { FRESH_RESULT_MS, isOldResult } from './export-age';

const at = '2026-11-27T08:00:00.000Z';
const now = (ms: number) => Date.parse(at) + ms;

describe('an export result is old', () => {
  it('once the next capture has a line', () => {
    expect(isOldResult({ createdAt: at }, 1, now(1000))).toBe(true);
  });

  it('after a while even on an empty list', () => {
    expect(isOldResult({ createdAt: at }, 0, now(FRESH_RESULT_MS + 1))).toBe(true);
  });

  it('not right after the export', () => {
    expect(isOldResult({ createdAt: at }, 0, now(5000))).toBe(false);
  });
});
