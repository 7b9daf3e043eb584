import { describe, expect, it } from 'vitest';
import { compareWithDocument } from './goods-receipt-comparison';

const line = (articleId: number, quantity: number, unit = 'Karton', factor = 6) => ({
  articleId,
  articleNumber: `A${articleId}`,
  designation: `Artikel ${articleId}`,
  unit,
  factor,
  quantity,
});
const exact = { percent: 0, absolute: 0 };

describe('compareWithDocument', () => {
  it('finds missing, surplus, deviating and matching lines, in the document order then the surplus', () => {
    const rows = compareWithDocument(
      [line(1, 4), line(2, 2), line(3, 5)],
      [line(9, 1, 'Stück', 1), line(3, 5), line(2, 3)],
      exact,
    );
    expect(rows.map((r) => [r.articleId, r.status, r.expected, r.counted, r.difference])).toEqual([
      [1, 'missing', 4, 0, -4],
      [2, 'deviating', 2, 3, 1],
      [3, 'ok', 5, 5, 0],
      [9, 'surplus', 0, 1, 1],
    ]);
  });

  it('sums counted lines of other units in the document unit', () => {
    const [row] = compareWithDocument([line(1, 2)], [line(1, 1), line(1, 6, 'Stück', 1)], exact);
    expect(row).toMatchObject({ unit: 'Karton', expected: 2, counted: 2, difference: 0, status: 'ok' });
    const [short] = compareWithDocument([line(1, 2)], [line(1, 9, 'Stück', 1)], exact);
    expect(short).toMatchObject({ counted: 1.5, difference: -0.5, status: 'deviating' });
  });

  it('accepts a difference within the larger of the percent and the absolute tolerance', () => {
    const percent = compareWithDocument([line(1, 20)], [line(1, 19)], { percent: 5, absolute: 0 });
    expect(percent[0]).toMatchObject({ status: 'ok', withinTolerance: true, difference: -1 });
    const beyond = compareWithDocument([line(1, 20)], [line(1, 18)], { percent: 5, absolute: 0 });
    expect(beyond[0]).toMatchObject({ status: 'deviating', withinTolerance: false });
    const absolute = compareWithDocument([line(1, 3)], [line(1, 5)], { percent: 5, absolute: 2 });
    expect(absolute[0]).toMatchObject({ status: 'ok', withinTolerance: true });
    // A tolerance never turns a missing or a surplus article into a match.
    const missing = compareWithDocument([line(1, 1)], [], { percent: 100, absolute: 5 });
    expect(missing[0]?.status).toBe('missing');
    expect(compareWithDocument([], [line(2, 1)], { percent: 100, absolute: 5 })[0]?.status).toBe('surplus');
  });

  it('counts an article counted as 0 as missing', () => {
    expect(compareWithDocument([line(1, 2)], [line(1, 0)], exact)[0]?.status).toBe('missing');
  });
});
