import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error the web app's build step (plain .mjs, no type declarations): the files it writes are served here
import { precompress } from '../../../web/scripts/precompress.mjs';
import { createTestApp, type TestApp } from '../test/test-app';

const HASHED = '/assets/index-Ab12Cd34.js';
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Artikel ${i}`))};\n`;
const shell = `<!doctype html><html lang="de"><head><title>MDE</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-static-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), shell);
  fs.writeFileSync(path.join(dist, HASHED), script);
  fs.writeFileSync(
    path.join(dist, 'ngsw-worker.js'),
    `self.__WB_MANIFEST = ${JSON.stringify(Array(100).fill({ url: 'x' }))};`,
  );
  fs.writeFileSync(
    path.join(dist, 'manifest.webmanifest'),
    JSON.stringify({ name: 'MDE', icons: Array(40).fill({ src: '/icons/icon-192.png', sizes: '192x192' }) }),
  );
  fs.writeFileSync(path.join(dist, 'assets', 'beep-Zz98Yy76.mp3'), Buffer.alloc(4096, 7));
  await precompress(dist);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });

describe('the built web app', () => {
  it('has a brotli and a gzip copy of each hashed text asset from the build step, none of sound or the shell', () => {
    for (const file of [HASHED.slice(1)]) {
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, `${file}.br`)))).toEqual(
        fs.readFileSync(path.join(dist, file)),
      );
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, `${file}.gz`)))).toEqual(
        fs.readFileSync(path.join(dist, file)),
      );
    }
    expect(fs.existsSync(path.join(dist, 'assets', 'beep-Zz98Yy76.mp3.br'))).toBe(false);
    for (const file of ['index.html', 'ngsw-worker.js', 'manifest.webmanifest']) {
      expect(fs.existsSync(path.join(dist, `${file}.br`)), file).toBe(false);
      expect(fs.existsSync(path.join(dist, `${file}.gz`)), file).toBe(false);
    }
  });

  it('sends a hashed asset as brotli, immutable, with its type and the encoded length', async () => {
    const res = await get(HASHED, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(dist, `${HASHED}.br`)).size);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    // The page's security headers stay as they are.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends gzip to a client without brotli', async () => {
    const res = await get(HASHED, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself to a client that asks for no encoding, with ranges and HEAD', async () => {
    const res = await get(HASHED);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(script);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const range = await get(HASHED, { range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(script.slice(0, 10));
    const head = await get(HASHED, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(script));
    expect(head.body).toBe('');
  });

  it('revalidates the shell, the SPA fallback, the service worker and the manifest', async () => {
    for (const url of ['/', '/index.html', '/artikel-info', '/ngsw-worker.js', '/manifest.webmanifest']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
    }
    const fallback = await get('/artikel-info', { 'accept-encoding': 'br' });
    expect(fallback.headers['content-type']).toMatch(/^text\/html/);
    expect(fallback.body).toBe(shell);
  });

  it('sends a service worker changed after the build as it is now, never an older copy', async () => {
    const sw = path.join(dist, 'ngsw-worker.js');
    const deployed = `${fs.readFileSync(sw, 'utf8')}\n// deployed later\n`;
    fs.writeFileSync(sw, deployed);
    const res = await get('/ngsw-worker.js', { 'accept-encoding': 'gzip, deflate, br' });
    const body = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : res.rawPayload;
    expect(body.toString()).toBe(deployed);
  });

  it('answers a script, style or worker that is not there with a German 404, never with the app shell', async () => {
    // A worker registered from the shell's HTML would fail; a chunk that is HTML breaks the page that asked.
    for (const url of ['/sw-old.js', '/assets/gone-Ab12Cd34.js', '/assets/gone-Ab12Cd34.css']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Client routes still get the shell.
    expect((await get('/mde-inventur/start')).body).toBe(shell);
  });
});
