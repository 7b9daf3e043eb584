import type { ArticleSummary } from '@mde/contracts';
import Dexie from 'dexie';
import type { MdeDatabase } from '../db';
import { lookupCachedCode } from './lookup';
import { type ArticleCacheRow, snapshotOf, toSummary, wordKey } from './rows';
import { indexToken, matchesTokens, rankRows, searchTokens } from './search-rules';

export interface CachedSearch {
  items: ArticleSummary[];
  /** The oldest snapshot among the answered rows (what 'Stand: …' shows), null without hits. */
  snapshotAt: string | null;
}

// A short token ('mi') can match thousands of rows; ranking looks at this many candidates at most.
const CANDIDATE_LIMIT = 2000;

async function candidates(db: MdeDatabase, vkforgId: number, tokens: string[]): Promise<ArticleCacheRow[]> {
  const token = indexToken(tokens);
  if (!token) {
    return db.articleCache
      .where('[vkforgId+idartstamm]')
      .between([vkforgId, Dexie.minKey], [vkforgId, Dexie.maxKey])
      .limit(CANDIDATE_LIMIT)
      .toArray();
  }
  return db.articleCache
    .where('keys')
    .startsWithAnyOf([wordKey(vkforgId, token), `n:${vkforgId}:${token}`])
    .distinct()
    .limit(CANDIDATE_LIMIT)
    .toArray();
}

/** Offline search of one vkforg's cache: a code or number hit first, then ranked text matches. */
export async function searchCachedArticles(
  db: MdeDatabase,
  vkforgId: number,
  q: string,
  limit = 50,
): Promise<CachedSearch> {
  const tokens = searchTokens(q);
  const rows = (await candidates(db, vkforgId, tokens)).filter((r) => matchesTokens(r, tokens));
  const ranked = rankRows(rows, q).slice(0, limit);
  const meta = await db.articleCacheMeta.get(vkforgId);
  const items = ranked.map(toSummary);
  const exact = q.trim() ? await lookupCachedCode(db, vkforgId, q) : null;
  if (exact?.ok && !items.some((i) => i.idartstamm === exact.lookup.article.idartstamm)) {
    items.unshift(exact.lookup.article);
  } else if (exact?.ok) {
    const at = items.findIndex((i) => i.idartstamm === exact.lookup.article.idartstamm);
    items.unshift(...items.splice(at, 1));
  }
  const snapshots = ranked.map((r) => snapshotOf(r, meta));
  if (exact?.ok) snapshots.push(exact.snapshotAt);
  snapshots.sort();
  return { items: items.slice(0, limit), snapshotAt: snapshots[0] ?? null };
}

/** One cached article with its snapshot time (detail screen while offline). */
export async function getCachedArticle(db: MdeDatabase, vkforgId: number, idartstamm: number) {
  // Both reads at once: one read's wait, not two in a row.
  const metaRead = db.articleCacheMeta.get(vkforgId);
  metaRead.catch(() => undefined);
  const row = await db.articleCache.get([vkforgId, idartstamm]);
  if (!row) return null;
  return { row, snapshotAt: snapshotOf(row, await metaRead) };
}
