import { describe, expect, it } from 'vitest';
import { inventoryDifferences } from './inventory-count.policy';

describe('inventoryDifferences', () => {
  it('sums one article over two storage locations and compares with the book stock', () => {
    const rows = inventoryDifferences(
      [
        { articleId: 1, quantity: 7, factor: 1 },
        { articleId: 1, quantity: 1, factor: 12 },
        { articleId: 2, quantity: 4, factor: 1 },
      ],
      new Map([
        [1, 20],
        [2, 4],
      ]),
    );
    expect(rows).toEqual([
      { articleId: 1, bookStock: 20, countedStock: 19, difference: -1 },
      { articleId: 2, bookStock: 4, countedStock: 4, difference: 0 },
    ]);
  });
  it('counts an article without book stock as surplus, in kilograms too', () => {
    expect(inventoryDifferences([{ articleId: 5, quantity: 2.35, factor: 1 }], new Map())).toEqual([
      { articleId: 5, bookStock: 0, countedStock: 2.35, difference: 2.35 },
    ]);
  });
});
