import 'fake-indexeddb/auto';
import type { ArticleCachePage, CachedArticle } from '@mde/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { article } from '../../test/test-articles';
import { MdeDatabase } from '../db';
import { lookupCachedCode } from './lookup';
import { getArticleCacheProgress } from './progress';
import { searchCachedArticles } from './search';
import { countCached, type FetchPage, type PageRequest, syncVkforg } from './sync';

let db: MdeDatabase;
let n = 0;
beforeEach(() => {
  db = new MdeDatabase(`sync-test-${++n}`);
});
afterEach(async () => {
  await db.delete();
});

const signal = () => new AbortController().signal;

/** A fake server: pages of `size` over `items` by cursor; deltas answer `delta`. */
function server(items: CachedArticle[], size: number, snapshots: string[], delta?: Partial<ArticleCachePage>) {
  const calls: PageRequest[] = [];
  let snapshot = 0;
  const fetchPage: FetchPage = async (req) => {
    calls.push(req);
    const snapshotAt = snapshots[Math.min(snapshot++, snapshots.length - 1)] ?? '';
    if (req.changedSince) {
      return { items: [], removedIds: [], nextCursor: null, snapshotAt, ...delta };
    }
    const from = Number(req.cursor ?? 0);
    const page = items.slice(from, from + size);
    const next = from + size < items.length ? String(from + size) : null;
    return { items: page, removedIds: [], nextCursor: next, snapshotAt };
  };
  return { fetchPage, calls };
}

const many = (count: number) => Array.from({ length: count }, (_, i) => article(i + 1));

describe('full sync', () => {
  it('pages through the cursor until the last page and keeps the first snapshot for the next delta', async () => {
    const s = server(many(25), 10, ['2026-11-21T08:00:00.000Z', '2026-11-21T08:00:05.000Z']);
    await syncVkforg(db, { vkforgId: 11, firmaId: 1 }, s.fetchPage, signal());
    expect(s.calls.map((c) => c.cursor)).toEqual([undefined, '10', '20']);
    expect(await countCached(db, 11)).toBe(25);
    const meta = await db.articleCacheMeta.get(11);
    expect(meta).toMatchObject({ complete: true, cursor: null, count: 25, snapshotAt: '2026-11-21T08:00:00.000Z' });
    expect(getArticleCacheProgress()).toMatchObject({ vkforgId: 11, state: 'complete', count: 25 });
  });

  it('resumes an interrupted sync at the stored cursor instead of starting over', async () => {
    const s = server(many(25), 10, ['2026-11-21T08:00:00.000Z']);
    let failOnce = true;
    const flaky: FetchPage = (req, sig) => {
      if (req.cursor === '20' && failOnce) {
        failOnce = false;
        return Promise.reject(new Error('offline'));
      }
      return s.fetchPage(req, sig);
    };
    await expect(syncVkforg(db, { vkforgId: 11, firmaId: 1 }, flaky, signal())).rejects.toThrow('offline');
    expect(await countCached(db, 11)).toBe(20);
    expect(getArticleCacheProgress()).toMatchObject({ state: 'syncing', count: 20 });
    await syncVkforg(db, { vkforgId: 11, firmaId: 1 }, flaky, signal());
    expect(s.calls.map((c) => c.cursor)).toEqual([undefined, '10', '20']);
    expect(await db.articleCacheMeta.get(11)).toMatchObject({ complete: true, count: 25 });
  });
});

describe('delta sync', () => {
  it('asks for changes since the last snapshot, merges changed rows, drops removed ones, is idempotent', async () => {
    const items = many(5).map((a) => (a.idartstamm === 2 ? { ...a, designation1: 'Zartbitter Schokolade' } : a));
    const first = server(items, 10, ['2026-11-21T08:00:00.000Z']);
    await syncVkforg(db, { vkforgId: 11, firmaId: 1 }, first.fetchPage, signal());
    const changed = article(2, { designation1: 'Vollmilch 3,5 %', priceCents: 129, stockTotal: 3 });
    const added = article(6);
    const delta = { items: [changed, added], removedIds: [4] };
    const second = server([], 10, ['2026-11-21T09:00:00.000Z', '2026-11-21T10:00:00.000Z'], delta);
    await syncVkforg(db, { vkforgId: 11, firmaId: 1 }, second.fetchPage, signal());
    // The server repeats rows on purpose (overlap); applying the same delta twice changes nothing.
    await syncVkforg(db, { vkforgId: 11, firmaId: 1 }, second.fetchPage, signal());
    expect(second.calls.map((c) => c.changedSince)).toEqual(['2026-11-21T08:00:00.000Z', '2026-11-21T09:00:00.000Z']);
    expect(await countCached(db, 11)).toBe(5);
    expect(await db.articleCache.get([11, 4])).toBeUndefined();
    expect(await db.articleCache.get([11, 2])).toMatchObject({ priceCents: 129, stockTotal: 3 });
    const hits = await searchCachedArticles(db, 11, 'vollmilch');
    expect(hits.items.map((i) => i.idartstamm)).toEqual([2]);
    // The old designation is no longer found: the row's index keys were replaced, not added to.
    expect((await searchCachedArticles(db, 11, 'zartbitter')).items).toEqual([]);
    expect(await db.articleCacheMeta.get(11)).toMatchObject({ snapshotAt: '2026-11-21T10:00:00.000Z', count: 5 });
  });
});

describe('vkforg isolation', () => {
  it('a context change drops the other vkforg and never answers with its rows', async () => {
    const shared = article(1, { designation1: 'Nur in Filiale 11' });
    await syncVkforg(
      db,
      { vkforgId: 11, firmaId: 1 },
      server([shared], 10, ['2026-11-21T08:00:00.000Z']).fetchPage,
      signal(),
    );
    const code = shared.codes[0]?.code ?? '';
    expect((await lookupCachedCode(db, 11, code)).ok).toBe(true);
    expect((await lookupCachedCode(db, 12, code)).ok).toBe(false);

    await syncVkforg(
      db,
      { vkforgId: 21, firmaId: 2 },
      server([article(2)], 10, ['2026-11-21T08:00:00.000Z']).fetchPage,
      signal(),
    );
    expect(await countCached(db, 11)).toBe(0);
    expect(await db.articleCacheMeta.get(11)).toBeUndefined();
    expect((await lookupCachedCode(db, 21, code)).ok).toBe(false);
    expect((await searchCachedArticles(db, 21, 'filiale')).items).toEqual([]);
    expect(getArticleCacheProgress()).toMatchObject({ vkforgId: 21, count: 1 });
  });

  it('starts over with a full sync when the vkforg comes back after another one', async () => {
    const s = server(many(3), 10, ['2026-11-21T08:00:00.000Z']);
    await syncVkforg(db, { vkforgId: 11, firmaId: 1 }, s.fetchPage, signal());
    await syncVkforg(db, { vkforgId: 12, firmaId: 1 }, server([], 10, ['x']).fetchPage, signal());
    const again = server(many(3), 10, ['2026-11-21T09:00:00.000Z']);
    await syncVkforg(db, { vkforgId: 11, firmaId: 1 }, again.fetchPage, signal());
    expect(again.calls[0]?.changedSince).toBeUndefined();
    expect(await countCached(db, 11)).toBe(3);
  });

  it('stops writing once aborted (a context change while a page is in flight)', async () => {
    const ctrl = new AbortController();
    const s = server(many(25), 10, ['2026-11-21T08:00:00.000Z']);
    const aborting: FetchPage = async (req, sig) => {
      const page = await s.fetchPage(req, sig);
      if (req.cursor === '10') ctrl.abort();
      return page;
    };
    await expect(syncVkforg(db, { vkforgId: 11, firmaId: 1 }, aborting, ctrl.signal)).rejects.toThrow();
    expect(await countCached(db, 11)).toBe(10);
  });
});
