import type { ComparisonRow, ComparisonStatus, Tolerance } from './goods-receipt-check';
import { addQuantities, round3, subtractQuantities, toBase } from './quantities';

// Apart from goods-receipt-check.ts: quantities.ts reads the capture engine's messages, and the engine's
// module list reads goods-receipt-check.ts, so the comparison in there would close an import cycle.

export interface ExpectedLine {
  articleId: number;
  articleNumber: string;
  designation: string;
  unit: string;
  factor: number;
  quantity: number;
}
export type CountedLine = ExpectedLine;

interface Tally {
  articleNumber: string;
  designation: string;
  unit: string;
  factor: number;
  expectedBase: number;
  countedBase: number;
  order: number;
}

/**
 * docs/modules.md#warenverprobung: per article the counted quantity against the document's, in the document's
 * unit (base units summed over lines and units). Missing: expected but none counted; surplus: counted but
 * not on the document; deviating: a difference beyond the tolerance (the larger of percent of the expected
 * quantity and the absolute quantity). Document lines first in their order, then the surplus articles.
 */
export function compareWithDocument(
  expected: readonly ExpectedLine[],
  counted: readonly CountedLine[],
  tolerance: Tolerance,
): ComparisonRow[] {
  const tally = new Map<number, Tally>();
  const entry = (line: ExpectedLine) => {
    let t = tally.get(line.articleId);
    if (!t) {
      t = { ...line, expectedBase: 0, countedBase: 0, order: tally.size };
      tally.set(line.articleId, t);
    }
    return t;
  };
  for (const line of expected) {
    const t = entry(line);
    t.expectedBase = addQuantities(t.expectedBase, toBase(line.quantity, line.factor));
  }
  for (const line of counted) {
    const t = entry(line);
    t.countedBase = addQuantities(t.countedBase, toBase(line.quantity, line.factor));
  }
  return [...tally].map(([articleId, t]) => {
    const expectedQty = round3(t.expectedBase / t.factor);
    const countedQty = round3(t.countedBase / t.factor);
    const difference = subtractQuantities(countedQty, expectedQty);
    const allowed = Math.max(tolerance.absolute, round3((expectedQty * tolerance.percent) / 100));
    let status: ComparisonStatus = 'ok';
    if (t.expectedBase === 0) status = 'surplus';
    else if (t.countedBase === 0) status = 'missing';
    else if (Math.abs(difference) > allowed) status = 'deviating';
    return {
      articleId,
      articleNumber: t.articleNumber,
      designation: t.designation,
      unit: t.unit,
      factor: t.factor,
      expected: expectedQty,
      counted: countedQty,
      difference,
      status,
      withinTolerance: status === 'ok' && difference !== 0,
    };
  });
}
