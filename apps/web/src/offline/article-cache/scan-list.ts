/**
 * A row of the Artikel-Info scan list (docs/modules.md#artikel-info: continuous scanning for shelf checks). Kept in IndexedDB
 * so a reload keeps the list; per vkforg, because price and stock belong to the vkforg they were read in.
 */
export interface ScanListRow {
  /** `${vkforgId}:${idartstamm}:${unit}` — a repeat scan of the same article and unit counts up. */
  key: string;
  vkforgId: number;
  idartstamm: number;
  number: string;
  designation1: string;
  code: string;
  unit: string;
  /** Scans of this article and unit so far. */
  count: number;
  priceCents: number | null;
  stockTotal: number;
  baseUnit: string;
  firstScannedAt: string;
  lastScannedAt: string;
  /** Set when the row was answered from the offline cache: its snapshot time. */
  snapshotAt: string | null;
}
