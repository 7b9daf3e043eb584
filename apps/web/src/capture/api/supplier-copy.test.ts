import { describe, expect, it } from 'vitest';
import { mergeSuppliers, searchKeptSuppliers } from './supplier-copy';

const s = (id: number, number: string, name: string) => ({ id, number, name });

describe('suppliers kept on the device', () => {
  it('keeps every supplier seen once, the newest answer winning', () => {
    const kept = mergeSuppliers(
      [s(1, 'L1', 'Nordmilch'), s(2, 'L2', 'Hanse Frucht')],
      [s(2, 'L2', 'Hanse Frucht GmbH')],
    );
    expect(mergeSuppliers(kept, [s(3, 'L3', 'Elbtal')])).toEqual([
      s(1, 'L1', 'Nordmilch'),
      s(2, 'L2', 'Hanse Frucht GmbH'),
      s(3, 'L3', 'Elbtal'),
    ]);
    expect(mergeSuppliers(undefined, [s(1, 'L1', 'A')])).toEqual([s(1, 'L1', 'A')]);
  });

  it('searches as the server does: the number exactly or part of the name, any case, number first', () => {
    const kept = [s(1, 'L10', 'Süd-Lieferant'), s(2, 'L1', 'Nordmilch'), s(3, 'X9', 'Molkerei L1 Süd')];
    expect(searchKeptSuppliers(kept, 'süd').map((x) => x.id)).toEqual([3, 1]);
    expect(searchKeptSuppliers(kept, 'L1').map((x) => x.id)).toEqual([2, 3]);
    expect(searchKeptSuppliers(kept, '').map((x) => x.id)).toEqual([3, 2, 1]);
    expect(searchKeptSuppliers(kept, 'nichts')).toEqual([]);
    expect(searchKeptSuppliers('kaputt', 'x')).toEqual([]);
  });
});
