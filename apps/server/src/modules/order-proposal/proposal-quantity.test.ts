import { describe, expect, it } from 'vitest';
import { proposeOrderQuantity, sumInBase } from './proposal-quantity';

const base = { targetStock: 20, stock: 3, openOrders: 5, orderFactor: 6, supplierMinimum: 0 };

describe('proposeOrderQuantity', () => {
  it('stock 3, target 20, open 5, unit 6 → 12', () => {
    expect(proposeOrderQuantity(base)).toBe(12);
  });
  it('rounds a need of 13 up to 18 (three units of 6)', () => {
    expect(proposeOrderQuantity({ ...base, stock: 2 })).toBe(18);
  });
  it('lifts the need to the supplier minimum, itself rounded to whole units', () => {
    expect(proposeOrderQuantity({ ...base, supplierMinimum: 24 })).toBe(24);
    expect(proposeOrderQuantity({ ...base, supplierMinimum: 20 })).toBe(24);
  });
  it('never proposes a negative or minimum-only order when stock covers the target', () => {
    expect(proposeOrderQuantity({ ...base, stock: 30, supplierMinimum: 24 })).toBe(0);
    expect(proposeOrderQuantity({ ...base, stock: 15 })).toBe(0);
  });
  it('works in kilograms with fractional order units', () => {
    expect(
      proposeOrderQuantity({ targetStock: 5, stock: 1.2, openOrders: 0, orderFactor: 0.5, supplierMinimum: 0 }),
    ).toBe(4);
  });
});

describe('sumInBase', () => {
  it('converts open orders in Karton to pieces', () => {
    const units = new Map([
      ['Stück', 1],
      ['Karton', 6],
    ]);
    expect(
      sumInBase(
        [
          { quantity: 2, unit: 'Karton' },
          { quantity: 5, unit: 'Stück' },
        ],
        units,
      ),
    ).toBe(17);
  });
});
