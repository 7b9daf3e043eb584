import { describe, expect, it } from 'vitest';
import { CAPTURE_MSG } from './captures';
import { inventoryCountModule } from './inventory-count';
import { orderingModule } from './ordering';
import {
  addQuantities,
  checkQuantity,
  hasAtMostThreeDecimals,
  minimumInBase,
  QUANTITY_MSG,
  quantityInputSchema,
  roundUpToFactor,
  subtractQuantities,
  toBase,
} from './quantities';

describe('quantities in thousandths', () => {
  it('adds and subtracts without float drift', () => {
    expect(addQuantities(0.1, 0.2)).toBe(0.3);
    expect(subtractQuantities(1.005, 0.001)).toBe(1.004);
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
    expect(minimumInBase({ minOrderQuantity: 2.5, orderFactor: 0.3 })).toBe(0.75);
    expect(minimumInBase(null)).toBe(0);
  });
});

describe('quantity entry', () => {
  it('reads a German decimal comma for weighed goods', () => {
    expect(checkQuantity('1,25', 'kg', inventoryCountModule)).toEqual({ ok: true, value: 1.25 });
  });
  it('counts pieces and cartons whole', () => {
    expect(checkQuantity('2,5', 'Karton', orderingModule)).toEqual({
      ok: false,
      message: CAPTURE_MSG.quantityWhole('Karton'),
    });
  });
  it('allows a count of 0 but not an order of 0', () => {
    expect(checkQuantity('0', 'Stück', inventoryCountModule).ok).toBe(true);
    expect(checkQuantity('0', 'Stück', orderingModule)).toEqual({ ok: false, message: CAPTURE_MSG.quantityPositive });
  });
  it.each(['', 'abc', '-1', '1e3', '1.2.3'])('refuses %j', (text) => {
    expect(checkQuantity(text, 'kg', inventoryCountModule).ok).toBe(false);
  });
  it('refuses more than three decimals and more than the maximum', () => {
    expect(checkQuantity('0,0001', 'kg', inventoryCountModule)).toEqual({
      ok: false,
      message: CAPTURE_MSG.quantityDecimals,
    });
    expect(checkQuantity('1000000', 'Stück', inventoryCountModule)).toEqual({
      ok: false,
      message: CAPTURE_MSG.quantityTooLarge,
    });
  });
});

describe('quantityInputSchema: the one rule for every quantity a route takes', () => {
  it.each([0.0001, 2.00049, 1.2345])('refuses %s (more than three decimals), never rounds it', (value) => {
    const parsed = quantityInputSchema().safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(QUANTITY_MSG.decimals);
  });
  it.each([0, 2.5, 1.234, 999_999])('takes %s', (value) => {
    expect(quantityInputSchema().parse(value)).toBe(value);
  });
  it('refuses zero when positive, a negative, a text and a boolean', () => {
    expect(quantityInputSchema({ positive: true }).safeParse(0).success).toBe(false);
    for (const value of [-1, '1', true, null, Number.NaN])
      expect(quantityInputSchema().safeParse(value).success).toBe(false);
  });
});
