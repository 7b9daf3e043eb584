import type { ArticleCachePage } from '@mde/contracts';
import Dexie from 'dexie';
import type { MdeDatabase } from '../db';
import { type ArticleCacheProgress, setArticleCacheProgress } from './progress';
import { type ArticleCacheMeta, toCacheRow } from './rows';

export interface PageRequest {
  cursor?: string;
  changedSince?: string;
  limit: number;
}
export type FetchPage = (request: PageRequest, signal: AbortSignal) => Promise<ArticleCachePage>;
/** Where the sync tells how far it is: the progress store, or (in the sync worker) a message to the page. */
export type ReportProgress = (progress: ArticleCacheProgress) => void;

export interface SyncTarget {
  vkforgId: number;
  firmaId: number;
}

// Large pages keep the number of IndexedDB transactions low (bench: 50,000 articles in under 20 s).
export const CACHE_PAGE_SIZE = 1000;

const vkforgRange = (db: MdeDatabase, vkforgId: number) =>
  db.articleCache.where('[vkforgId+idartstamm]').between([vkforgId, Dexie.minKey], [vkforgId, Dexie.maxKey]);

export const countCached = (db: MdeDatabase, vkforgId: number) => vkforgRange(db, vkforgId).count();

/** Drops the cache of every vkforg but this one: a context change never shows another vkforg's data. */
export async function forgetOtherVkforgs(db: MdeDatabase, vkforgId: number): Promise<void> {
  await db.transaction('rw', db.articleCache, db.articleCacheMeta, async () => {
    const others = (await db.articleCacheMeta.toArray()).map((m) => m.vkforgId).filter((v) => v !== vkforgId);
    for (const v of others) {
      await vkforgRange(db, v).delete();
      await db.articleCacheMeta.delete(v);
    }
    // Rows without meta (a sync interrupted before its first page was recorded) go as well.
    await db.articleCache.where('[vkforgId+idartstamm]').below([vkforgId, Dexie.minKey]).delete();
    await db.articleCache.where('[vkforgId+idartstamm]').above([vkforgId, Dexie.maxKey]).delete();
  });
}

const progressOf = (meta: ArticleCacheMeta, state: 'syncing' | 'complete'): ArticleCacheProgress => ({
  vkforgId: meta.vkforgId,
  state,
  count: meta.count,
  snapshotAt: meta.complete ? meta.snapshotAt : null,
});

/**
 * Full sync in pages (resumable: the cursor is stored with each page) until the last page; the snapshot of
 * the first page is where the first delta starts, so nothing changed during the sync is missed.
 */
async function fullSync(
  db: MdeDatabase,
  target: SyncTarget,
  fetchPage: FetchPage,
  signal: AbortSignal,
  report: ReportProgress,
) {
  let meta = await db.articleCacheMeta.get(target.vkforgId);
  if (!meta?.cursor) {
    await vkforgRange(db, target.vkforgId).delete();
    meta = { ...target, complete: false, cursor: null, snapshotAt: null, count: 0, syncedAt: null };
  }
  const request = (cursor: string | null) => {
    const p = fetchPage({ cursor: cursor ?? undefined, limit: CACHE_PAGE_SIZE }, signal);
    // Settled later (or never, when writing fails first): no unhandled rejection meanwhile.
    p.catch(() => undefined);
    return p;
  };
  let pending = request(meta.cursor);
  for (;;) {
    const page = await pending;
    signal.throwIfAborted();
    const done = page.nextCursor === null;
    // The next page downloads while this one is written: network and IndexedDB work side by side.
    if (!done) pending = request(page.nextCursor);
    const snapshotAt = meta.snapshotAt ?? page.snapshotAt;
    const rows = page.items.map((item) => toCacheRow(item, target.vkforgId, page.snapshotAt));
    const next: ArticleCacheMeta = {
      ...meta,
      complete: done,
      cursor: page.nextCursor,
      snapshotAt,
      count: meta.count + rows.length,
      syncedAt: done ? new Date().toISOString() : meta.syncedAt,
    };
    await db.transaction('rw', db.articleCache, db.articleCacheMeta, async () => {
      await db.articleCache.bulkPut(rows);
      await db.articleCacheMeta.put(next);
    });
    meta = next;
    report(progressOf(meta, done ? 'complete' : 'syncing'));
    if (done) return;
  }
}

/** Delta sync (changedSince): idempotent puts and deletes, so the server's overlapping pages are harmless. */
async function deltaSync(
  db: MdeDatabase,
  meta: ArticleCacheMeta,
  fetchPage: FetchPage,
  signal: AbortSignal,
  report: ReportProgress,
) {
  const changedSince = meta.snapshotAt ?? undefined;
  let cursor: string | undefined;
  let snapshotAt: string | null = null;
  for (;;) {
    const page = await fetchPage({ cursor, changedSince, limit: CACHE_PAGE_SIZE }, signal);
    signal.throwIfAborted();
    snapshotAt ??= page.snapshotAt;
    const rows = page.items.map((item) => toCacheRow(item, meta.vkforgId, page.snapshotAt));
    await db.transaction('rw', db.articleCache, async () => {
      await db.articleCache.bulkPut(rows);
      await db.articleCache.bulkDelete(page.removedIds.map((id) => [meta.vkforgId, id] as [number, number]));
    });
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  const next: ArticleCacheMeta = {
    ...meta,
    snapshotAt,
    count: await countCached(db, meta.vkforgId),
    syncedAt: new Date().toISOString(),
  };
  await db.articleCacheMeta.put(next);
  report(progressOf(next, 'complete'));
}

/** Brings the cache of the target vkforg up to date: a (resumed) full sync first, deltas afterwards. */
export async function syncVkforg(
  db: MdeDatabase,
  target: SyncTarget,
  fetchPage: FetchPage,
  signal: AbortSignal,
  report: ReportProgress = setArticleCacheProgress,
) {
  await forgetOtherVkforgs(db, target.vkforgId);
  const meta = await db.articleCacheMeta.get(target.vkforgId);
  if (meta) report(progressOf(meta, 'syncing'));
  else report({ vkforgId: target.vkforgId, state: 'syncing', count: 0, snapshotAt: null });
  if (meta?.complete && meta.firmaId === target.firmaId) await deltaSync(db, meta, fetchPage, signal, report);
  else await fullSync(db, target, fetchPage, signal, report);
}
