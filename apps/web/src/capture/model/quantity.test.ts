import { CAPTURE_MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { addToLine, findSameLine } from './line-merge';
import { addQuantities, checkQuantity } from './quantity';

describe('quantity entry', () => {
  it('reads a German decimal comma for weighed goods', () => {
    expect(checkQuantity('1,25', 'kg', 'mde-inventur')).toEqual({ ok: true, value: 1.25 });
  });
  it('counts pieces and cartons whole', () => {
    expect(checkQuantity('2,5', 'Karton', 'mde-bestellung')).toEqual({
      ok: false,
      message: CAPTURE_MSG.quantityWhole('Karton'),
    });
  });
  it('allows a count of 0 but not an order of 0', () => {
    expect(checkQuantity('0', 'Stück', 'mde-inventur').ok).toBe(true);
    expect(checkQuantity('0', 'Stück', 'mde-bestellung')).toEqual({ ok: false, message: CAPTURE_MSG.quantityPositive });
  });
  it.each(['', 'abc', '-1', '1e3', '1.2.3'])('refuses %j', (text) => {
    expect(checkQuantity(text, 'kg', 'mde-inventur').ok).toBe(false);
  });
  it('refuses more than three decimals and more than the maximum', () => {
    expect(checkQuantity('0,0001', 'kg', 'mde-inventur')).toEqual({ ok: false, message: CAPTURE_MSG.quantityDecimals });
    expect(checkQuantity('1000000', 'Stück', 'mde-inventur')).toEqual({
      ok: false,
      message: CAPTURE_MSG.quantityTooLarge,
    });
  });
  it('adds without floating-point drift', () => {
    expect(addQuantities(0.1, 0.2)).toBe(0.3);
  });
});

describe('add or replace', () => {
  const lines = [
    { clientId: 'a', articleId: 1, storageLocation: 'R1', reason: null, quantity: 2, unit: 'Karton', factor: 6 },
    { clientId: 'b', articleId: 1, storageLocation: null, reason: null, quantity: 1, unit: 'Stück', factor: 1 },
  ];
  it('tells two storage locations apart and ignores case and blanks in the location', () => {
    expect(findSameLine(lines, { articleId: 1, storageLocation: ' r1 ', reason: null })?.clientId).toBe('a');
    expect(findSameLine(lines, { articleId: 1, storageLocation: null, reason: null })?.clientId).toBe('b');
    expect(findSameLine(lines, { articleId: 1, storageLocation: 'R2', reason: null })).toBeUndefined();
  });
  it('adds in the same unit, or converts to the base unit', () => {
    expect(addToLine(lines[0] as never, { quantity: 1, unit: 'Karton', factor: 6 }, 'Stück')).toEqual({
      quantity: 3,
      unit: 'Karton',
      factor: 6,
    });
    expect(addToLine(lines[0] as never, { quantity: 4, unit: 'Stück', factor: 1 }, 'Stück')).toEqual({
      quantity: 16,
      unit: 'Stück',
      factor: 1,
    });
  });
});

describe('supplier minimum warning', () => {
  it('warns below the minimum in base units and not at or above it', async () => {
    const { belowSupplierMinimum } = await import('./supplier-rules');
    expect(belowSupplierMinimum('1', 6, 18)).toBe(true);
    expect(belowSupplierMinimum('3', 6, 18)).toBe(false);
    expect(belowSupplierMinimum('', 6, 18)).toBe(false);
  });
});
