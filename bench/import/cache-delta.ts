// A device's article cache through the real API, as the web app's sync asks for it (pages of 1,000,
// apps/web/src/offline/article-cache/sync.ts): the full download, and the refresh with `changedSince` the full
// download's snapshot. Bytes are the answers' bodies as sent (compressed as a browser asks: br, gzip) and as
// JSON after decompression; each page is timed from request to its last byte.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';

const PAGE = 1000;

export interface CacheTransfer {
  pages: number;
  items: number;
  removed: number;
  /** Body bytes on the wire (compressed). */
  bytes: number;
  /** The same bodies as JSON. */
  jsonBytes: number;
  pageMs: number[];
  snapshotAt: string;
}

function getPage(url: string, cookie: string) {
  return new Promise<{ status: number; wire: number; json: Buffer }>((resolve, reject) => {
    const req = http.get(url, { headers: { cookie, 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const json =
          encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
        resolve({ status: res.statusCode ?? 0, wire: body.length, json });
      });
    });
    req.on('error', reject);
  });
}

/** Every page of the cache (since `changedSince` when given), as one device downloads them in turn. */
export async function downloadCache(baseUrl: string, cookie: string, changedSince?: string): Promise<CacheTransfer> {
  const result: CacheTransfer = { pages: 0, items: 0, removed: 0, bytes: 0, jsonBytes: 0, pageMs: [], snapshotAt: '' };
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ limit: String(PAGE) });
    if (cursor) params.set('cursor', cursor);
    if (changedSince) params.set('changedSince', changedSince);
    const started = performance.now();
    const page = await getPage(`${baseUrl}/api/v1/articles/cache?${params}`, cookie);
    result.pageMs.push(performance.now() - started);
    if (page.status !== 200) throw new Error(`cache page: ${page.status} ${page.json.toString().slice(0, 200)}`);
    const body = JSON.parse(page.json.toString()) as {
      items: unknown[];
      removedIds: number[];
      nextCursor: string | null;
      snapshotAt: string;
    };
    // The first page's snapshot is where the next refresh starts (the web's sync keeps the first one).
    if (result.pages === 0) result.snapshotAt = body.snapshotAt;
    result.pages++;
    result.items += body.items.length;
    result.removed += body.removedIds.length;
    result.bytes += page.wire;
    result.jsonBytes += page.json.length;
    cursor = body.nextCursor;
  } while (cursor);
  return result;
}
