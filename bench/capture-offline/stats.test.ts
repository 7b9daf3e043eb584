import { withCheckDigit } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { quantile, unknownCodes } from './stats.mjs';

describe('capture-offline bench helpers', () => {
  it('quantiles by nearest rank', () => {
    const ms = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(quantile(ms, 0.5)).toBe(101);
    expect(quantile(ms, 0.95)).toBe(191);
    expect(quantile([7], 0.95)).toBe(7);
  });

  it('unknown codes carry a valid check digit and skip the taken ones', () => {
    const first = unknownCodes(1, new Set())[0] ?? '';
    const codes = unknownCodes(3, new Set([first]));
    expect(codes).toHaveLength(3);
    expect(codes).not.toContain(first);
    for (const c of codes) expect(withCheckDigit(c.slice(0, 12))).toBe(c);
  });
});
