import {
  addQuantities,
  inventoryCountHeaderProblem,
  inventoryCountModule,
  subtractQuantities,
  toBase,
} from '@mde/contracts';
import { bookStock } from '../captures/article-facts.service';
import type { CapturePolicy } from '../captures/capture-policy';
import { articleNames, countedLine } from '../captures/rules/counted-lines';

export interface CountedLine {
  articleId: number;
  quantity: number;
  factor: number;
}
export interface DifferenceRow {
  articleId: number;
  bookStock: number;
  countedStock: number;
  difference: number;
}

/**
 * docs/modules.md#inventur: per article the counted stock (sum over all its lines, i.e. over storage
 * locations, in base units) against the book stock of the counted warehouse; difference = counted − book.
 */
export function inventoryDifferences(
  lines: readonly CountedLine[],
  bookStock: ReadonlyMap<number, number>,
): DifferenceRow[] {
  const counted = new Map<number, number>();
  for (const line of lines) {
    counted.set(line.articleId, addQuantities(counted.get(line.articleId) ?? 0, toBase(line.quantity, line.factor)));
  }
  return [...counted].map(([articleId, countedStock]) => {
    const book = bookStock.get(articleId) ?? 0;
    return { articleId, bookStock: book, countedStock, difference: subtractQuantities(countedStock, book) };
  });
}

/** Inventur: warehouse and document date first; the export reports the differences to the book stock. */
export const inventoryCountPolicy: CapturePolicy = {
  info: inventoryCountModule,
  headerProblem: inventoryCountHeaderProblem,
  planDocuments: async ({ trx, firmaId, capture, lines, facts }) => {
    if (capture.lager === null) return [{ supplierId: null, lines, result: null }];
    const book = await bookStock(
      trx,
      firmaId,
      capture.lager,
      lines.map((l) => l.article_id),
    );
    const rows = inventoryDifferences(lines.map(countedLine), book).map((r) => ({
      ...r,
      ...articleNames(facts, r.articleId),
    }));
    return [{ supplierId: null, lines, result: { kind: 'inventory', rows } }];
  },
};
