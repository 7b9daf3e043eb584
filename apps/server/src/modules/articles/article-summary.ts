import { type ArticleSummary, displayGtin, type GtinType } from '@mde/contracts';
import type { SummaryRow } from './article-summary.repository';

/** A stored 'type:gtin14' as the code printed on the label. */
export function printedCode(mainCode: string | null): string | null {
  if (!mainCode) return null;
  const [type, gtin14] = mainCode.split(':') as [GtinType, string];
  return displayGtin(gtin14, type);
}

export function toSummary(row: SummaryRow): ArticleSummary {
  return {
    idartstamm: row.id,
    number: row.number,
    designation1: row.designation1,
    designation2: row.designation2,
    department: row.department,
    mainEan: printedCode(row.main_code),
    baseUnit: row.base_unit,
    priceCents: row.price_cents,
    stockTotal: Number(row.stock_total ?? 0),
  };
}
