import { type ArticleLookup, LOOKUP_FAILURES, type LookupStore, lookupArticleCode } from '@mde/contracts';
import type { MdeDatabase } from '../db';
import { type ArticleCacheRow, codeKey, numberKey, pluKey, snapshotOf, toSummary } from './rows';

export type CachedLookup =
  /** `row`: the cached article the code named, so a screen it opens need not read the same row again. */
  | { ok: true; lookup: ArticleLookup; snapshotAt: string; row: ArticleCacheRow }
  | { ok: false; code: string; message: string };

/** One vkforg's cached articles as the lookup walk reads them. */
function storeOf(db: MdeDatabase, vkforgId: number): LookupStore<ArticleCacheRow> {
  const byKey = (key: string) => db.articleCache.where('keys').equals(key).toArray();
  const hit = (row: ArticleCacheRow) => ({ row, article: toSummary(row) });
  return {
    async byGtins(gtin14s) {
      for (const gtin14 of gtin14s) {
        const [row] = await byKey(codeKey(vkforgId, gtin14));
        const code = row?.codes.find((c) => c.gtin14 === gtin14);
        if (row && code) return { ...hit(row), gtin14, unit: code.unit, factor: code.factor };
      }
      return null;
    },
    async byPlu(plu) {
      const [row] = await byKey(pluKey(vkforgId, plu));
      return row ? hit(row) : null;
    },
    // The number key ignores case, so a typed 'k-5' finds 'K-5'; of two numbers that differ only in case the
    // one written as typed wins.
    async byNumber(number) {
      const rows = await byKey(numberKey(vkforgId, number));
      const row = rows.find((r) => r.number === number) ?? rows[0];
      return row ? hit(row) : null;
    },
  };
}

/** Lookup by code from the cache of one vkforg: the same answer shape as GET …/lookup/:code. */
export async function lookupCachedCode(db: MdeDatabase, vkforgId: number, raw: string): Promise<CachedLookup> {
  // The snapshot time is read beside the code's row, not after it: each read in a row costs a scan a task
  // (several milliseconds on a handheld), two reads at once cost one.
  const metaRead = db.articleCacheMeta.get(vkforgId);
  metaRead.catch(() => undefined);
  const result = await lookupArticleCode(raw, storeOf(db, vkforgId));
  if (!result.ok) return { ok: false, ...LOOKUP_FAILURES[result.failure] };
  const meta = await metaRead;
  return { ok: true, lookup: result.lookup, snapshotAt: snapshotOf(result.row, meta), row: result.row };
}
