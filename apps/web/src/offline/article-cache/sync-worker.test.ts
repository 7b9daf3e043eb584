import 'fake-indexeddb/auto';
import type { ArticleCachePage } from '@mde/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { onSessionEnded } from '../../lib/auth-events';
import { article } from '../../test/test-articles';
import { MdeDatabase } from '../db';
import { lookupCachedCode } from './lookup';
import type { ArticleCacheProgress } from './progress';
import type { FetchPage } from './sync';
import type { FromSyncWorker, ToSyncWorker } from './sync-messages';
import { type SyncWorker, SyncWorkerUnavailable, syncInWorker } from './sync-worker-client';
import { serveCacheSync } from './sync-worker-serve';
import { PageRefused, workerFetchPage } from './worker-page-fetch';

/** A page and a worker joined as by postMessage: every message is cloned and arrives in a later task. */
function channel() {
  const page = new EventTarget();
  const inWorker = new EventTarget();
  const deliver = (to: EventTarget, data: unknown) =>
    setTimeout(() => to.dispatchEvent(new MessageEvent('message', { data: structuredClone(data) })), 0);
  const worker = Object.assign(page, {
    postMessage: (m: ToSyncWorker) => deliver(inWorker, m),
  }) as unknown as SyncWorker & EventTarget;
  const scope = Object.assign(inWorker, { postMessage: (m: FromSyncWorker) => deliver(page, m) });
  return { worker, scope: scope as never };
}

const page = (ids: number[], nextCursor: string | null): ArticleCachePage => ({
  items: ids.map((id) => article(id)),
  removedIds: [],
  nextCursor,
  snapshotAt: '2026-11-21T08:00:00.000Z',
});

let db: MdeDatabase;
let n = 0;
beforeEach(() => {
  db = new MdeDatabase(`sync-worker-test-${++n}`);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

const target = { vkforgId: 11, firmaId: 1 };

describe('sync worker protocol', () => {
  it('the worker writes every page with its own connection and the page hears the progress up to complete', async () => {
    const { worker, scope } = channel();
    const bases: string[] = [];
    serveCacheSync(scope, db, (base) => {
      bases.push(base);
      return async (req) => (req.cursor ? page([3], null) : page([1, 2], '2'));
    });
    const heard: ArticleCacheProgress[] = [];
    await syncInWorker(worker, target, '/api', new AbortController().signal, (p) => heard.push(p));
    expect(bases).toEqual(['/api']);
    expect(heard.map((p) => [p.state, p.count])).toEqual([
      ['syncing', 0],
      ['syncing', 2],
      ['complete', 3],
    ]);
    const code = article(3).codes[0]?.code ?? '';
    expect(await lookupCachedCode(db, 11, code)).toMatchObject({ ok: true });
  });

  it('a 401 the worker met is the ApiError apiFetch throws, and the session ends on the page', async () => {
    const { worker, scope } = channel();
    serveCacheSync(scope, db, () => async () => {
      throw new PageRefused(401, { message: 'Sitzung abgelaufen', code: 'SESSION_EXPIRED' });
    });
    const ended: string[] = [];
    const off = onSessionEnded((why) => ended.push(why));
    const result = syncInWorker(worker, target, '/api', new AbortController().signal, () => undefined);
    await expect(result).rejects.toBeInstanceOf(ApiError);
    await expect(result).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
    off();
    expect(ended).toEqual(['expired']);
  });

  it('no network in the worker is the offline ApiError (status 0)', async () => {
    const { worker, scope } = channel();
    serveCacheSync(scope, db, () => async () => {
      throw new PageRefused(0, undefined);
    });
    const result = syncInWorker(worker, target, '/api', new AbortController().signal, () => undefined);
    await expect(result).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('an abort stops the worker between pages; the next sync starts after it let go', async () => {
    const { worker, scope } = channel();
    const ctrl = new AbortController();
    const cursors: (string | undefined)[] = [];
    let release: () => void = () => undefined;
    const firstPageHeld = new Promise<void>((r) => {
      release = r;
    });
    const fetchPage: FetchPage = async (req) => {
      cursors.push(req.cursor);
      if (!req.cursor) await firstPageHeld;
      return req.cursor ? page([3], null) : page([1, 2], '2');
    };
    serveCacheSync(scope, db, () => fetchPage);
    const heard: ArticleCacheProgress[] = [];
    const first = syncInWorker(worker, target, '/api', ctrl.signal, (p) => heard.push(p));
    await vi.waitFor(() => expect(cursors).toEqual([undefined]));
    ctrl.abort();
    await expect(first).rejects.toBeDefined();
    release();
    // The new vkforg's sync runs only once the aborted one has stopped; it never wrote its first page.
    const other: ArticleCacheProgress[] = [];
    await syncInWorker(worker, { vkforgId: 12, firmaId: 1 }, '/api', new AbortController().signal, (p) =>
      other.push(p),
    );
    expect(heard.every((p) => p.count === 0)).toBe(true);
    expect(other.at(-1)).toMatchObject({ vkforgId: 12, state: 'complete', count: 3 });
    expect((await db.articleCacheMeta.toArray()).map((m) => m.vkforgId)).toEqual([12]);
  });

  it('a worker that fails to load is told apart, so the page syncs itself', async () => {
    const { worker } = channel();
    const result = syncInWorker(worker, target, '/api', new AbortController().signal, () => undefined);
    worker.dispatchEvent(new Event('error', { cancelable: true }));
    await expect(result).rejects.toBeInstanceOf(SyncWorkerUnavailable);
  });
});

describe("the worker's page download", () => {
  it('asks as apiFetch does, with the session cookie, and marks the request as background work', async () => {
    const fetchMock = vi.fn(async (..._: unknown[]) => new Response(JSON.stringify(page([1], null)), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const body = await workerFetchPage('/api')({ cursor: 'x', limit: 1000 }, new AbortController().signal);
    expect(body.items).toHaveLength(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/articles/cache?limit=1000&cursor=x');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ accept: 'application/json', 'x-mde-background': '1' });
  });

  it('a refusal keeps status and body; an unreachable server is status 0', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ message: 'Nein', code: 'FORBIDDEN' }), { status: 403 }),
    );
    const refused = workerFetchPage('/api')({ limit: 1000 }, new AbortController().signal);
    await expect(refused).rejects.toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = workerFetchPage('/api')({ limit: 1000 }, new AbortController().signal);
    await expect(offline).rejects.toMatchObject({ status: 0 });
  });
});
