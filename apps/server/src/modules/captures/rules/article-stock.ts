import { add, roundUpToFactor, subtract, toBase } from './quantities';

export interface StockLine {
  articleId: number;
  quantity: number;
  factor: number;
}
export interface ReorderTerms {
  targetStock: number;
  orderFactor: number;
}
export interface ReorderRow {
  articleId: number;
  onHand: number;
  targetStock: number;
  reorderQuantity: number;
}

/**
 * MODULES.md Artikelvorrat: lines record stock on hand (shelf + backroom, so an article may have several
 * lines); reorder = max(0, target − on hand), rounded up to whole order units.
 */
export function reorderQuantities(
  lines: readonly StockLine[],
  terms: (articleId: number) => ReorderTerms,
): ReorderRow[] {
  const onHand = new Map<number, number>();
  for (const line of lines)
    onHand.set(line.articleId, add(onHand.get(line.articleId) ?? 0, toBase(line.quantity, line.factor)));
  return [...onHand].map(([articleId, stock]) => {
    const { targetStock, orderFactor } = terms(articleId);
    const need = subtract(targetStock, stock);
    return {
      articleId,
      onHand: stock,
      targetStock,
      reorderQuantity: need > 0 ? roundUpToFactor(need, orderFactor) : 0,
    };
  });
}
