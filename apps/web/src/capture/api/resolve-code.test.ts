import 'fake-indexeddb/auto';
import { ARTICLE_ERROR_CODES, ARTICLE_MSG, withCheckDigit } from '@mde/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCacheRow } from '../../offline/article-cache/rows';
import { db } from '../../offline/db';
import { article } from '../../test/test-articles';
import { resolveScannedCode } from './resolve-code';

const V = 11;
const cached = article(1);
const unknown = withCheckDigit('499999000001');
const online = (on: boolean) => vi.stubGlobal('navigator', { onLine: on });

/** A server that never answers until the request is aborted. */
function silentServer() {
  const fetch = vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeAll(async () => {
  await db.articleCache.put(toCacheRow(cached, V, '2026-11-21T08:00:00.000Z'));
});
afterEach(() => vi.unstubAllGlobals());

describe('a scan never waits on the network', () => {
  it('a cached article is found on the device, offline and online, without a request', async () => {
    const fetch = silentServer();
    for (const on of [false, true]) {
      online(on);
      expect(await resolveScannedCode(V, cached.codes[0]?.code ?? '')).toMatchObject({
        kind: 'found',
        lookup: { article: { idartstamm: 1 } },
        // The row the cache answered with goes along: the form the scan opens does not read it again.
        cached: { idartstamm: 1, vkforgId: V },
      });
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offline, a code the cache does not know is unknown at once', async () => {
    online(false);
    const fetch = silentServer();
    expect(await resolveScannedCode(V, unknown)).toMatchObject({ kind: 'unknown' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('online, a server that does not answer in time leaves the code unknown (it goes to the open codes)', async () => {
    online(true);
    silentServer();
    const started = performance.now();
    expect(await resolveScannedCode(V, unknown, 50)).toMatchObject({ kind: 'unknown' });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('a code the server knows as delisted', () => {
  it('is no open code: the scan says the article is delisted', async () => {
    online(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { code: ARTICLE_ERROR_CODES.delisted, message: ARTICLE_MSG.articleDelisted },
          { status: 404, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    expect(await resolveScannedCode(V, unknown)).toEqual({ kind: 'delisted', message: ARTICLE_MSG.articleDelisted });
  });
});
