import { STORAGE_MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { isDirty, parseNumber, readInput, toInput } from './assignment-form';

const NAN = 'Bitte eine Zahl eingeben';

describe('parseNumber', () => {
  it('reads German and English decimals, refuses text', () => {
    expect(parseNumber('1,5')).toBe(1.5);
    expect(parseNumber(' 12 ')).toBe(12);
    expect(parseNumber('-3')).toBe(-3);
    expect(parseNumber('')).toBeNaN();
    expect(parseNumber('1,2,3')).toBeNaN();
    expect(parseNumber('abc')).toBeNaN();
  });
});

describe('readInput', () => {
  it('gives the figures when they may be stored', () => {
    expect(readInput({ quantity: '3', minQuantity: '1,5', maxQuantity: '10' }, NAN)).toEqual({
      ok: true,
      values: { quantity: 3, minQuantity: 1.5, maxQuantity: 10 },
    });
  });

  it('refuses min above max and negatives with the German messages', () => {
    expect(readInput({ quantity: '3', minQuantity: '8', maxQuantity: '5' }, NAN)).toEqual({
      ok: false,
      issues: { minQuantity: STORAGE_MSG.minAboveMax },
    });
    expect(readInput({ quantity: '-1', minQuantity: '0', maxQuantity: '5' }, NAN)).toEqual({
      ok: false,
      issues: { quantity: STORAGE_MSG.notNegative },
    });
  });

  it('names a field that is not a number, and still the others', () => {
    expect(readInput({ quantity: 'x', minQuantity: '-2', maxQuantity: '5' }, NAN)).toEqual({
      ok: false,
      issues: { quantity: NAN, minQuantity: STORAGE_MSG.notNegative },
    });
  });
});

describe('isDirty', () => {
  const initial = toInput({ quantity: 1, minQuantity: 0.5, maxQuantity: 4 });
  it('is clean for the same numbers written differently', () => {
    expect(initial).toEqual({ quantity: '1', minQuantity: '0,5', maxQuantity: '4' });
    expect(isDirty(initial, { quantity: '1,0', minQuantity: '0.5', maxQuantity: '4' })).toBe(false);
  });
  it('is dirty for a changed figure or a field emptied', () => {
    expect(isDirty(initial, { ...initial, maxQuantity: '5' })).toBe(true);
    expect(isDirty(initial, { ...initial, quantity: '' })).toBe(true);
  });
});
