import { describe, expect, it } from 'vitest';
import { findUnsafeInput, hasUnsafeChars, isoYear, isYearInRange, SAFE_INPUT_MSG } from './safe-input';

describe('unsafe characters', () => {
  it('finds NUL and lone surrogates, and passes paired ones', () => {
    expect(hasUnsafeChars('St\u0000k')).toBe(true);
    expect(hasUnsafeChars('a\uD800')).toBe(true);
    expect(hasUnsafeChars('\uDC00b')).toBe(true);
    expect(hasUnsafeChars('\uDC00\uD800')).toBe(true);
    expect(hasUnsafeChars('Käse 🧀 Stück')).toBe(false);
    expect(hasUnsafeChars('')).toBe(false);
  });

  it('walks bodies and names the first bad value or key', () => {
    expect(findUnsafeInput({ changes: [{ payload: { unit: 'ok' } }, { payload: { unit: 'St\u0000k' } }] })).toEqual({
      path: 'changes.1.payload.unit',
      message: SAFE_INPUT_MSG.unsafeText,
    });
    expect(findUnsafeInput({ 'k\uD83D': 1 })?.path).toBe('k\uD83D');
    expect(findUnsafeInput('x\u0000')?.path).toBe('(Wert)');
    expect(findUnsafeInput({ a: [1, true, null, { b: 'fine' }] })).toBeNull();
  });

  it('refuses nesting deeper than any body of the API instead of walking it', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(findUnsafeInput(deep)).not.toBeNull();
  });
});

describe('years', () => {
  it('reads the year of dates and date-times', () => {
    expect(isoYear('2026-11-26')).toBe(2026);
    expect(isoYear('0000-01-01T00:00:00Z')).toBe(0);
    expect(isoYear('+010000-01-01T00:00:00Z')).toBe(10000);
    expect(isoYear('-000001-01-01')).toBe(-1);
    expect(isoYear('heute')).toBeNull();
  });

  it('holds dates to years 0001-9999', () => {
    expect(isYearInRange('0001-01-01')).toBe(true);
    expect(isYearInRange('9999-12-31T23:59:59.999Z')).toBe(true);
    expect(isYearInRange('0000-12-31')).toBe(false);
    expect(isYearInRange('+010000-01-01')).toBe(false);
  });
});
