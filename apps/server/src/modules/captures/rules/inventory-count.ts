import { add, subtract, toBase } from './quantities';

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
 * MODULES.md Inventur: per article the counted stock (sum over all its lines, i.e. over storage
 * locations, in base units) against the book stock of the counted warehouse; difference = counted − book.
 */
export function inventoryDifferences(
  lines: readonly CountedLine[],
  bookStock: ReadonlyMap<number, number>,
): DifferenceRow[] {
  const counted = new Map<number, number>();
  for (const line of lines) {
    counted.set(line.articleId, add(counted.get(line.articleId) ?? 0, toBase(line.quantity, line.factor)));
  }
  return [...counted].map(([articleId, countedStock]) => {
    const book = bookStock.get(articleId) ?? 0;
    return { articleId, bookStock: book, countedStock, difference: subtract(countedStock, book) };
  });
}
