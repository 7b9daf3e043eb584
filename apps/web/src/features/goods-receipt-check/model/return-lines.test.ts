import type { ComparisonRow } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { returnLinesOf } from './return-lines';

const row = (articleId: number, status: ComparisonRow['status'], expected: number, counted: number): ComparisonRow => ({
  articleId,
  articleNumber: `A${articleId}`,
  designation: `Artikel ${articleId}`,
  unit: 'Karton',
  factor: 6,
  expected,
  counted,
  difference: counted - expected,
  status,
  withinTolerance: false,
});

describe('returnLinesOf', () => {
  it('returns surplus articles and over-deliveries, not shortfalls, matches or tolerated extras', () => {
    const lines = returnLinesOf([
      row(1, 'surplus', 0, 2),
      row(2, 'deviating', 3, 5),
      row(3, 'deviating', 5, 3),
      row(4, 'missing', 2, 0),
      row(5, 'ok', 10, 11),
      row(6, 'ok', 4, 4),
    ]);
    expect(lines.map((l) => [l.articleId, l.quantity, l.unit, l.factor, l.reason])).toEqual([
      [1, 2, 'Karton', 6, 'Falschlieferung'],
      [2, 2, 'Karton', 6, 'Überlieferung'],
    ]);
  });
});
