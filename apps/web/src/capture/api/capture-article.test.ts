import 'fake-indexeddb/auto';
import type { CaptureArticle } from '@mde/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCacheRow } from '../../offline/article-cache/rows';
import { captureDb } from '../../offline/captures/capture-db';
import { db } from '../../offline/db';
import { article } from '../../test/test-articles';
import { deviceArticleAtOnce, loadCaptureArticle, SERVER_DEADLINE_MS } from './capture-article';
import { forgetKeptArticles, knownWithoutKeptCopy, watchKeptArticles } from './kept-articles';

const V = 11;
const fromServer = (id: number): CaptureArticle => ({
  idartstamm: id,
  number: String(100000 + id),
  designation1: `Artikel ${id} frisch`,
  designation2: '',
  baseUnit: 'Stück',
  units: [{ unit: 'Stück', factor: 1 }],
  defaultUnit: 'Stück',
  supplier: null,
  supplierIds: [5],
  proposal: {
    articleId: id,
    proposal: 12,
    orderUnits: 12,
    unit: 'Stück',
    factor: 1,
    stock: 3,
    target: 15,
    openOrders: 0,
    supplierMinimum: 0,
  },
});

/** A server that answers after `ms`, or not at all (connection refused) with ms < 0. */
function server(ms: number) {
  const fetch = vi.fn(async (url: string) => {
    if (ms < 0) throw new TypeError('Failed to fetch');
    await new Promise((r) => setTimeout(r, ms));
    const id = Number(url.split('/').at(-1));
    return new Response(JSON.stringify(fromServer(id)), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const online = (on: boolean) => vi.stubGlobal('navigator', { onLine: on });

beforeAll(async () => {
  await db.articleCache.put(toCacheRow(article(1), V, '2026-11-21T08:00:00.000Z'));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await captureDb.articles.clear();
});

describe('the capture form never waits on the network', () => {
  it('offline: a cached article at once, from the article cache, without a request', async () => {
    online(false);
    const fetch = server(0);
    const started = performance.now();
    const answer = await loadCaptureArticle('inventory-count', V, 1);
    expect(performance.now() - started).toBeLessThan(300);
    expect(answer).toMatchObject({ idartstamm: 1, designation1: 'Artikel 1', offline: true, proposal: null });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offline: an article the device does not have gives the German message at once', async () => {
    online(false);
    await expect(loadCaptureArticle('inventory-count', V, 2)).rejects.toMatchObject({
      message: 'Der Artikel ist offline nicht verfügbar',
    });
  });

  it('online: the fresh answer, kept on the device for the next time', async () => {
    online(true);
    server(0);
    expect(await loadCaptureArticle('order-proposal', V, 1)).toMatchObject({
      proposal: { proposal: 12 },
      offline: false,
    });
    online(false);
    expect(await loadCaptureArticle('order-proposal', V, 1)).toMatchObject({
      proposal: { proposal: 12 },
      offline: true,
    });
  });

  it('a server slower than the deadline gives way to the device copy, not called offline (it is reachable)', async () => {
    online(true);
    server(SERVER_DEADLINE_MS + 2000);
    const started = performance.now();
    const answer = await loadCaptureArticle('order-proposal', V, 1);
    expect(performance.now() - started).toBeLessThan(SERVER_DEADLINE_MS + 1000);
    expect(answer).toMatchObject({ designation1: 'Artikel 1', offline: false });
  });

  it('an unreachable server: the device copy, or the German message when there is none', async () => {
    online(true);
    server(-1);
    expect(await loadCaptureArticle('order-proposal', V, 1)).toMatchObject({ offline: true });
    await expect(loadCaptureArticle('order-proposal', V, 2)).rejects.toMatchObject({
      message: 'Der Artikel ist offline nicht verfügbar',
    });
  });

  it('a count opens at once with the device copy online; the server is asked only for an article the device lacks', async () => {
    online(true);
    const fetch = server(SERVER_DEADLINE_MS + 2000);
    const started = performance.now();
    // Online the device copy is a shortcut, not a fallback: the form must not say "Offline".
    expect(await loadCaptureArticle('inventory-count', V, 1)).toMatchObject({
      designation1: 'Artikel 1',
      offline: false,
    });
    expect(performance.now() - started).toBeLessThan(300);
    expect(fetch).not.toHaveBeenCalled();
    server(0);
    expect(await loadCaptureArticle('inventory-count', V, 3)).toMatchObject({ designation1: 'Artikel 3 frisch' });
  });
});

describe("a scan's form starts with the cache row its lookup read", () => {
  // A row the article cache does not hold: an answer made from it was not read from the cache again.
  const scanned = article(9, {
    designation1: 'Artikel 9 vom Scan',
    units: [
      { unit: 'Karton', factor: 6, weightGrams: null, isBase: false },
      { unit: 'Stück', factor: 1, weightGrams: null, isBase: true },
    ],
  });
  const keptIdsKnown = async (module: 'inventory-count' | 'order-proposal', id: number) => {
    watchKeptArticles(module, V);
    for (let i = 0; i < 200 && !knownWithoutKeptCopy(module, V, id); i++) await new Promise((r) => setTimeout(r, 5));
  };
  afterEach(() => forgetKeptArticles());

  it('the read takes the handed row instead of reading the cache again', async () => {
    online(false);
    expect(await loadCaptureArticle('inventory-count', V, 9, scanned)).toMatchObject({
      designation1: 'Artikel 9 vom Scan',
      units: [
        { unit: 'Stück', factor: 1 },
        { unit: 'Karton', factor: 6 },
      ],
      offline: true,
    });
  });

  it('a count without a kept copy: the form article at once, without any read', async () => {
    online(true);
    await keptIdsKnown('inventory-count', 9);
    expect(deviceArticleAtOnce('inventory-count', V, 9, scanned)).toMatchObject({
      idartstamm: 9,
      designation1: 'Artikel 9 vom Scan',
      defaultUnit: 'Stück',
      proposal: null,
      offline: false,
    });
    online(false);
    expect(deviceArticleAtOnce('inventory-count', V, 9, scanned)).toMatchObject({ offline: true });
  });

  it('the kept copy wins: with one, or before the device has said which exist, the form reads it', async () => {
    online(true);
    expect(deviceArticleAtOnce('inventory-count', V, 9, scanned)).toBeNull();
    await captureDb.articles.put({
      ...fromServer(9),
      module: 'inventory-count',
      vkforgId: V,
      fetchedAt: '2026-11-28T08:00:00.000Z',
    });
    watchKeptArticles('inventory-count', V);
    await keptIdsKnown('inventory-count', 10);
    expect(deviceArticleAtOnce('inventory-count', V, 9, scanned)).toBeNull();
    expect(await loadCaptureArticle('inventory-count', V, 9, scanned)).toMatchObject({
      designation1: 'Artikel 9 frisch',
      proposal: { proposal: 12 },
    });
  });

  it("a module whose form needs the server's facts still asks the server online; offline the row answers", async () => {
    online(true);
    await keptIdsKnown('order-proposal', 9);
    expect(deviceArticleAtOnce('order-proposal', V, 9, scanned)).toBeNull();
    online(false);
    expect(deviceArticleAtOnce('order-proposal', V, 9, scanned)).toMatchObject({
      designation1: 'Artikel 9 vom Scan',
      offline: true,
    });
  });
});
