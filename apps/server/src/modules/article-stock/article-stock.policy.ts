import { addQuantities, articleStockModule, roundUpToFactor, subtractQuantities, toBase } from '@mde/contracts';
import type { CapturePolicy } from '../captures/capture-policy';
import { articleNames, countedLine } from '../captures/rules/counted-lines';

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
 * docs/modules.md#artikelvorrat: lines record stock on hand (shelf + backroom, so an article may have several
 * lines); reorder = max(0, target − on hand), rounded up to whole order units.
 */
export function reorderQuantities(
  lines: readonly StockLine[],
  terms: (articleId: number) => ReorderTerms,
): ReorderRow[] {
  const onHand = new Map<number, number>();
  for (const line of lines)
    onHand.set(line.articleId, addQuantities(onHand.get(line.articleId) ?? 0, toBase(line.quantity, line.factor)));
  return [...onHand].map(([articleId, stock]) => {
    const { targetStock, orderFactor } = terms(articleId);
    const need = subtractQuantities(targetStock, stock);
    return {
      articleId,
      onHand: stock,
      targetStock,
      reorderQuantity: need > 0 ? roundUpToFactor(need, orderFactor) : 0,
    };
  });
}

/** Artikelvorrat: stock on hand per article; the export derives the reorder list. */
export const articleStockPolicy: CapturePolicy = {
  info: articleStockModule,
  planDocuments: async ({ lines, facts }) => {
    const rows = reorderQuantities(lines.map(countedLine), (id) => {
      const f = facts.get(id);
      return { targetStock: f?.targetStock ?? 0, orderFactor: f?.mainSupplier?.orderFactor ?? 1 };
    }).map((r) => {
      const supplier = facts.get(r.articleId)?.mainSupplier;
      return {
        ...r,
        ...articleNames(facts, r.articleId),
        orderUnit: supplier?.orderUnit ?? facts.get(r.articleId)?.baseUnit ?? '',
        orderFactor: supplier?.orderFactor ?? 1,
      };
    });
    return [{ supplierId: null, lines, result: { kind: 'reorder', rows } }];
  },
};
