import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startPacedLoad } from './load';

// A stand-in for the app: lookups answer at once, syncs after `syncDelayMs`; what the load sent is kept.
async function fakeApp(syncDelayMs: number) {
  const seen: { method: string; url: string; cookie: string; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (c) => {
      body += c;
    });
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', cookie: request.headers.cookie ?? '', body });
      const answer = () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      if (request.method === 'POST') setTimeout(answer, syncDelayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

let app: Awaited<ReturnType<typeof fakeApp>> | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('the paced load beside an import', () => {
  it('sends lookups and syncs at their rates with the session, and waits for slow answers before it reports', {
    timeout: 60_000,
  }, async () => {
    app = await fakeApp(400);
    const load = await startPacedLoad({
      url: app.url,
      cookie: 'session=abc',
      codes: ['4012345678901'],
      articles: [{ id: 7, unit: 'ST' }],
      lookupsPerSecond: 20,
      syncsPerSecond: 5,
    });
    // Until about 10 lookups were sent: the child's clock, not this one, paces them.
    while (app.seen.filter((r) => r.method === 'GET').length < 10) await new Promise((r) => setTimeout(r, 20));
    const samples = await load.stop();
    const lookups = samples.filter((s) => s.kind === 'lookup');
    const syncs = samples.filter((s) => s.kind === 'sync');
    expect(lookups.length).toBeGreaterThanOrEqual(10);
    expect(syncs.length).toBeGreaterThanOrEqual(1);
    expect(samples.every((s) => s.status === 200)).toBe(true);
    // Every sync was answered after its 400 ms, the ones still open at stop() included.
    expect(Math.min(...syncs.map((s) => s.ms))).toBeGreaterThanOrEqual(395);
    expect(app.seen.every((r) => r.cookie === 'session=abc')).toBe(true);
    expect(app.seen.find((r) => r.method === 'GET')?.url).toBe('/api/v1/articles/lookup/4012345678901');
    const sync = JSON.parse(app.seen.find((r) => r.method === 'POST')?.body ?? '{}');
    expect(sync.changes[0]).toMatchObject({ seq: 1, module: 'order-proposal', kind: 'upsert-line' });
    expect(sync.changes[0].payload).toMatchObject({ articleId: 7, quantity: 1, unit: 'ST' });
  });
});
