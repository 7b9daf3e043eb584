import type { ComparisonRow, ReturnReason } from '@mde/contracts';

export interface ReturnLine {
  articleId: number;
  articleNumber: string;
  designation: string;
  quantity: number;
  unit: string;
  factor: number;
  reason: ReturnReason;
}

/**
 * What goes back to the supplier: an article the document does not list (Falschlieferung) and the part of an
 * article delivered beyond the document (Überlieferung). A shortfall is not returned; it is missing.
 */
export function returnLinesOf(rows: readonly ComparisonRow[]): ReturnLine[] {
  return rows.flatMap((r) => {
    if (r.difference <= 0 || (r.status !== 'surplus' && r.status !== 'deviating')) return [];
    return [
      {
        articleId: r.articleId,
        articleNumber: r.articleNumber,
        designation: r.designation,
        quantity: r.difference,
        unit: r.unit,
        factor: r.factor,
        reason: r.status === 'surplus' ? 'Falschlieferung' : 'Überlieferung',
      },
    ];
  });
}
