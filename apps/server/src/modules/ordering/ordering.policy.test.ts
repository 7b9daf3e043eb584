import { describe, expect, it } from 'vitest';
import { groupBySupplier, orderingWarnings } from './ordering.policy';

const supplier = { id: 7, name: 'Molkerei Nord', minOrderQuantity: 3, orderUnit: 'Karton', orderFactor: 12 };

describe('orderingWarnings', () => {
  it('warns below the minimum of 3 Karton (36 pieces)', () => {
    expect(orderingWarnings(2, 12, supplier)).toEqual(['Unter der Mindestbestellmenge des Lieferanten (3 Karton)']);
    expect(orderingWarnings(35, 1, supplier)).toHaveLength(1);
  });
  it('accepts the minimum and more, in any unit', () => {
    expect(orderingWarnings(3, 12, supplier)).toEqual([]);
    expect(orderingWarnings(36, 1, supplier)).toEqual([]);
  });
});

describe('groupBySupplier', () => {
  it('makes one group per supplier', () => {
    const groups = groupBySupplier([
      { supplierId: 9, a: 1 },
      { supplierId: 7, a: 2 },
      { supplierId: 9, a: 3 },
    ]);
    expect([...groups.keys()]).toEqual([7, 9]);
    expect(groups.get(9)?.map((l) => l.a)).toEqual([1, 3]);
  });
});
