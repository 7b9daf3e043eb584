import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../seed/article-generator';
import { DEMO, useTestApp } from '../test/test-app';
import { COMPRESS_MIN_BYTES, chooseEncoding } from './compression';

const t = useTestApp();
const demo = t.login(DEMO);

const cachePage = (acceptEncoding?: string) =>
  demo({
    method: 'GET',
    url: '/api/v1/articles/cache?limit=300',
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('chooseEncoding', () => {
  it('prefers br, then gzip, and honours weights and wildcards', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer with brotli when the client takes it, keeping the API headers', async () => {
    const plain = await cachePage();
    const res = await cachePage('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const body = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(JSON.parse(body).items).toEqual(plain.json().items);
    // The article cache's pages must cost at least five times fewer bytes on the wire.
    expect(res.rawPayload.length * 5).toBeLessThan(plain.rawPayload.length);
  });

  it('falls back to gzip for a client without brotli', async () => {
    const plain = await cachePage();
    const res = await cachePage('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8')).items).toEqual(plain.json().items);
  });

  it('sends the identity body to a client that asks for no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await cachePage(acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
      expect(res.json().items.length).toBeGreaterThan(0);
    }
  });

  it('leaves a small answer (a scan lookup) uncompressed', async () => {
    const res = await demo({
      method: 'GET',
      url: `/api/v1/articles/lookup/${DEMO_ARTICLES.milk.ean13}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.json().article.idartstamm).toBe(DEMO_ARTICLES.milk.idartstamm);
  });
});
