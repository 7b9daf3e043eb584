import 'fake-indexeddb/auto';
import type { ArticleCachePage } from '@mde/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { article } from '../../test/test-articles';
import { db } from '../db';
import { getArticleCacheProgress } from './progress';
import { syncArticleCache } from './start';

const page = (ids: number[], nextCursor: string | null): ArticleCachePage => ({
  items: ids.map((id) => article(id)),
  removedIds: [],
  nextCursor,
  snapshotAt: '2026-11-21T08:00:00.000Z',
});

function stubServer() {
  const urls: string[] = [];
  const fetchMock = vi.fn(async (url: string) => {
    urls.push(url);
    const body = url.includes('cursor=') ? page([3], null) : page([1, 2], '2');
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

const user = (vkforgid: number, permissions: string[]) => ({ vkforgid, firmaid: 1, permissions }) as never;

describe('background sync trigger', () => {
  it('does nothing for a user without ARTIKELINFO (the server would refuse the cache)', async () => {
    const urls = stubServer();
    await syncArticleCache(user(11, ['GUTSCHEINKARTE', 'INVENTUR']));
    expect(urls).toEqual([]);
  });

  it('syncs the session vkforg once, however often the context is seen meanwhile', async () => {
    const urls = stubServer();
    const first = syncArticleCache(user(11, ['ARTIKELINFO']));
    const second = syncArticleCache(user(11, ['ARTIKELINFO']));
    await Promise.all([first, second]);
    expect(urls).toEqual(['/api/v1/articles/cache?limit=1000', '/api/v1/articles/cache?limit=1000&cursor=2']);
    expect(getArticleCacheProgress()).toMatchObject({ vkforgId: 11, state: 'complete', count: 3 });
    // Right after a finished sync the same context does not ask again (deltas follow every few minutes).
    await syncArticleCache(user(11, ['ARTIKELINFO']));
    expect(urls).toHaveLength(2);
  });

  it('a new vkforg replaces the old cache', async () => {
    stubServer();
    await syncArticleCache(user(12, ['ARTIKELINFO']));
    expect(getArticleCacheProgress()).toMatchObject({ vkforgId: 12, state: 'complete' });
    expect((await db.articleCacheMeta.toArray()).map((m) => m.vkforgId)).toEqual([12]);
  });
});
