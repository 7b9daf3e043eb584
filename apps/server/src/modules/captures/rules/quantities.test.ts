import { describe, expect, it } from 'vitest';
import { add, hasAtMostThreeDecimals, roundUpToFactor, subtract, toBase } from './quantities';

describe('quantities', () => {
  it('adds and subtracts without float drift', () => {
    expect(add(0.1, 0.2)).toBe(0.3);
    expect(subtract(1.005, 0.001)).toBe(1.004);
  });
  it('rounds up to whole order units', () => {
    expect(roundUpToFactor(12, 6)).toBe(12);
    expect(roundUpToFactor(13, 6)).toBe(18);
    expect(roundUpToFactor(0.1, 0.25)).toBe(0.25);
    expect(roundUpToFactor(0, 6)).toBe(0);
  });
  it('converts to base units and checks decimals', () => {
    expect(toBase(2, 6)).toBe(12);
    expect(toBase(1.5, 0.5)).toBe(0.75);
    expect(hasAtMostThreeDecimals(1.125)).toBe(true);
    expect(hasAtMostThreeDecimals(1.1255)).toBe(false);
  });
});
