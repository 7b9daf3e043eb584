// How long other requests wait while one device syncs 5,000 changes, on PGlite (one connection): the real
// server, a 5,000-change POST /api/v1/captures/sync, and meanwhile scan lookups one after another and one
// login. Prints the sync's time, the longest and the median lookup wait, and the login's time.
// `node bench/captures/sync-stall.mjs` (not part of npm run bench: a by-hand measurement).
import { randomUUID } from 'node:crypto';
import { startServer } from '../lib/server.mjs';

const CHANGES = Number(process.env.BENCH_SYNC_LINES ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const round = (v) => Math.round(v);

const server = await startServer({ SEED_ARTICLES: '2000' });
try {
  const login = () =>
    fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'Demo1234!', stayAuthenticated: false }),
    });
  const first = await login();
  if (!first.ok) throw new Error(`login failed: ${first.status}`);
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const get = (path) => fetch(`${server.url}${path}`, { headers: { cookie } });
  const found = await (await get('/api/v1/articles?q=&pageSize=100')).json();
  const articles = found.items.filter((a) => a.mainEan);
  if (articles.length === 0) throw new Error('no article with an EAN');
  const code = articles[0].mainEan;

  for (let r = 1; r <= ROUNDS; r++) {
    const changes = Array.from({ length: CHANGES }, (_, i) => ({
      seq: i + 1,
      clientId: randomUUID(),
      module: 'order-proposal',
      kind: 'upsert-line',
      payload: {
        articleId: articles[i % articles.length].idartstamm,
        quantity: 1 + (i % 5),
        capturedAt: new Date().toISOString(),
      },
    }));
    const started = performance.now();
    let syncDone = false;
    const synced = fetch(`${server.url}/api/v1/captures/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ deviceId: `bench-stall-${r}-${randomUUID()}`, changes }),
    }).then(async (res) => {
      const body = await res.json();
      syncDone = true;
      if (!res.ok || body.lastAppliedSeq !== CHANGES) throw new Error(`sync failed: ${res.status}`);
      return performance.now() - started;
    });
    // Lookups one after another for as long as the sync runs (each one started before its answer counts); one
    // login in the middle.
    const waits = [];
    let loginMs = null;
    const logins = new Promise((resolve) => setTimeout(resolve, 300)).then(async () => {
      const t0 = performance.now();
      const res = await login();
      if (res.ok) loginMs = performance.now() - t0;
    });
    while (!syncDone) {
      const t0 = performance.now();
      const res = await get(`/api/v1/articles/lookup/${code}`);
      await res.arrayBuffer();
      waits.push(performance.now() - t0);
    }
    const syncMs = await synced;
    await logins;
    const order = [...waits];
    waits.sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        round: r,
        changes: CHANGES,
        syncMs: round(syncMs),
        lookups: waits.length,
        lookupMaxWaitMs: round(waits.at(-1) ?? 0),
        lookupMedianMs: round(waits[Math.floor(waits.length / 2)] ?? 0),
        waits: process.env.BENCH_ALL ? order.map(round) : undefined,
        loginMs: loginMs === null ? null : round(loginMs),
      }),
    );
  }
} finally {
  server.stop();
}
