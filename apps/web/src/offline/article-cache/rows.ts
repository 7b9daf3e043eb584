import type { ArticleSummary, CachedArticle } from '@mde/contracts';

/**
 * One cached article of one vkforg. Every row carries its vkforg in the primary key and in
 * every index key, so a query for one vkforg can never return another vkforg's rows.
 */
export interface ArticleCacheRow extends CachedArticle {
  vkforgId: number;
  /** The snapshot (server time) of the page this row came from: the age of its price and stock. */
  snapshotAt: string;
  /** One multi-entry index: codes, article number, scale PLU and designation words, each prefixed by vkforg. */
  keys: string[];
}

/** Sync state per vkforg: where a full sync stands and which snapshot the next delta starts from. */
export interface ArticleCacheMeta {
  vkforgId: number;
  firmaId: number;
  /** Complete once a full sync reached the last page; then only deltas (changedSince) follow. */
  complete: boolean;
  /** Cursor of the next page of an unfinished full sync (resumed after a reload), else null. */
  cursor: string | null;
  /** snapshotAt of the first page of the running full sync or the last finished (delta) sync. */
  snapshotAt: string | null;
  count: number;
  syncedAt: string | null;
}

export const codeKey = (vkforgId: number, gtin14: string) => `c:${vkforgId}:${gtin14}`;
export const numberKey = (vkforgId: number, number: string) => `n:${vkforgId}:${number.toLocaleLowerCase('de-DE')}`;
export const pluKey = (vkforgId: number, plu: string) => `p:${vkforgId}:${plu}`;
export const wordKey = (vkforgId: number, word: string) => `w:${vkforgId}:${word}`;

/** Lower-case words of at least two characters (letters and digits, umlauts kept). */
export function words(text: string): string[] {
  return text
    .toLocaleLowerCase('de-DE')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2);
}

export function toCacheRow(item: CachedArticle, vkforgId: number, snapshotAt: string): ArticleCacheRow {
  const keys = new Set<string>();
  for (const c of item.codes) keys.add(codeKey(vkforgId, c.gtin14));
  keys.add(numberKey(vkforgId, item.number));
  if (item.scalePlu) keys.add(pluKey(vkforgId, item.scalePlu));
  for (const w of words(`${item.designation1} ${item.designation2}`)) keys.add(wordKey(vkforgId, w));
  return { ...item, vkforgId, snapshotAt, keys: [...keys] };
}

/** The code printed on the base unit (factor 1), as the search list shows it. */
export function mainEan(row: Pick<CachedArticle, 'codes'>): string | null {
  return row.codes.find((c) => c.factor === 1)?.code ?? row.codes[0]?.code ?? null;
}

export function toSummary(row: ArticleCacheRow): ArticleSummary {
  return {
    idartstamm: row.idartstamm,
    number: row.number,
    designation1: row.designation1,
    designation2: row.designation2,
    department: row.department,
    mainEan: mainEan(row),
    baseUnit: row.baseUnit,
    priceCents: row.priceCents,
    stockTotal: row.stockTotal,
  };
}

/** A row is at least as fresh as the last finished sync of its vkforg (a delta only sends changed rows). */
export function snapshotOf(row: Pick<ArticleCacheRow, 'snapshotAt'>, meta: ArticleCacheMeta | undefined): string {
  const synced = meta?.complete ? meta.snapshotAt : null;
  return synced && synced > row.snapshotAt ? synced : row.snapshotAt;
}
