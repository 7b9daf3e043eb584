import { describe, expect, it } from 'vitest';
import { reorderQuantities } from './article-stock.policy';

describe('reorderQuantities', () => {
  const terms = (id: number) => (id === 1 ? { targetStock: 24, orderFactor: 6 } : { targetStock: 10, orderFactor: 1 });
  it('target 24, shelf 5 + backroom 1 Karton of 6 = 11 on hand → 13 short → 18 (3 × 6)', () => {
    const rows = reorderQuantities(
      [
        { articleId: 1, quantity: 5, factor: 1 },
        { articleId: 1, quantity: 1, factor: 6 },
      ],
      terms,
    );
    expect(rows).toEqual([{ articleId: 1, onHand: 11, targetStock: 24, reorderQuantity: 18 }]);
  });
  it('orders nothing when on hand covers the target', () => {
    expect(reorderQuantities([{ articleId: 2, quantity: 12, factor: 1 }], terms)[0]?.reorderQuantity).toBe(0);
  });
});
