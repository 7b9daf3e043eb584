import type { ArticleLookup } from '@mde/contracts';
import type { ScanListRow } from '../../../offline/article-cache/scan-list';

export const scanListKey = (vkforgId: number, idartstamm: number, unit: string) => `${vkforgId}:${idartstamm}:${unit}`;

/**
 * docs/modules.md#artikel-info scan list: each scan adds a row with price and stock; a repeat scan of the same article and unit
 * counts the row up (and refreshes price and stock) instead of adding a second row.
 */
export function mergeScan(
  existing: ScanListRow | undefined,
  vkforgId: number,
  code: string,
  lookup: ArticleLookup,
  snapshotAt: string | null,
  now: Date,
): ScanListRow {
  const { article } = lookup;
  const at = now.toISOString();
  return {
    key: scanListKey(vkforgId, article.idartstamm, lookup.unit),
    vkforgId,
    idartstamm: article.idartstamm,
    number: article.number,
    designation1: article.designation1,
    code,
    unit: lookup.unit,
    count: (existing?.count ?? 0) + 1,
    priceCents: article.priceCents,
    stockTotal: article.stockTotal,
    baseUnit: article.baseUnit,
    firstScannedAt: existing?.firstScannedAt ?? at,
    lastScannedAt: at,
    snapshotAt,
  };
}

/** Newest scan first, so the row just scanned is on top. */
export const sortScanList = (rows: ScanListRow[]) =>
  [...rows].sort((a, b) => b.lastScannedAt.localeCompare(a.lastScannedAt));
