import { describe, expect, it } from 'vitest';
import { startQuantity, startUnit, supplierDoesNotDeliver } from './entry-defaults';

const units = [
  { unit: 'Stück', factor: 1 },
  { unit: 'Karton', factor: 6 },
];

describe('where an entry starts', () => {
  it('takes the scanned unit when the article has it, else the module default', () => {
    expect(startUnit({ units, defaultUnit: 'Stück' }, 'Karton')).toBe('Karton');
    expect(startUnit({ units, defaultUnit: 'Karton' }, 'Palette')).toBe('Karton');
    expect(startUnit({ units, defaultUnit: 'Stück' })).toBe('Stück');
  });

  it('starts with a weight from the code, the proposal in its unit, or empty', () => {
    const proposal = { proposal: 12, orderUnits: 2, unit: 'Karton' } as never;
    expect(startQuantity({ proposal: null }, 'kg', 1.25)).toBe('1,25');
    expect(startQuantity({ proposal }, 'Karton', 1)).toBe('2');
    expect(startQuantity({ proposal }, 'Stück', 1)).toBe('');
    expect(startQuantity({ proposal: null }, 'Stück')).toBe('');
  });

  it('warns about a supplier that does not deliver the article, only when that is known', () => {
    expect(supplierDoesNotDeliver({ supplierIds: [1], offline: false }, 2)).toBe(true);
    expect(supplierDoesNotDeliver({ supplierIds: [1, 2], offline: false }, 2)).toBe(false);
    expect(supplierDoesNotDeliver({ supplierIds: [], offline: true }, 2)).toBe(false);
    expect(supplierDoesNotDeliver({ supplierIds: [1], offline: false }, null)).toBe(false);
  });
});
