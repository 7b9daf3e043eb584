// The stores during an import: a child process (its own event loop, so the import's work cannot delay the
// clock that measures) offering article lookups and capture syncs at a fixed rate through the real HTTP API.
// Every request is timed from the moment it was due, the wait for a free connection included (open loop).
// Started by load.ts with fork(); gets its plan as the first message, 'stop' ends it, the samples go back.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Sample } from './latency';

export interface LoadPlan {
  url: string;
  cookie: string;
  /** Codes to look up in turn (GET /api/v1/articles/lookup/:code). */
  codes: string[];
  /** Articles the syncs capture a line for (POST /api/v1/captures/sync, Bestellvorschlag). */
  articles: { id: number; unit: string }[];
  lookupsPerSecond: number;
  syncsPerSecond: number;
}

/** How long requests still open when the load stops are waited for; later ones count as unanswered. */
const DRAIN_MS = 300_000;

function start(plan: LoadPlan) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const samples: Sample[] = [];
  const open = new Map<Promise<void>, Sample['kind']>();
  const t0 = performance.now();
  const deviceId = `bench-import-${randomUUID()}`;
  let seq = 0;

  const request = (kind: Sample['kind'], method: string, path: string, body?: string) => {
    const due = performance.now();
    const done = new Promise<void>((resolve) => {
      const finish = (status: number, error?: string) => {
        samples.push({ kind, due: due - t0, ms: performance.now() - due, status, ...(error ? { error } : {}) });
        resolve();
      };
      const req = http.request(
        `${plan.url}${path}`,
        {
          method,
          agent,
          headers: { cookie: plan.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          res.resume();
          res.on('end', () => finish(res.statusCode ?? 0));
          res.on('error', () => finish(0));
        },
      );
      // Which failure it was, and whether on a connection kept from an earlier request (a server may close an
      // idle one just as the client sends on it).
      req.on('error', (error: NodeJS.ErrnoException) =>
        finish(0, `${error.code ?? error.message}${req.reusedSocket ? ' on a reused connection' : ''}`),
      );
      req.end(body);
    });
    open.set(done, kind);
    void done.then(() => open.delete(done));
  };

  // Each kind's first request goes out as the load starts, then one every interval: an import shorter than an
  // interval (a tiny test size on a fast machine) still has a lookup and a sync beside it.
  let lookups = 0;
  const lookup = () => {
    const code = plan.codes[lookups++ % plan.codes.length];
    request('lookup', 'GET', `/api/v1/articles/lookup/${code}`);
  };
  lookup();
  const lookupTimer = setInterval(lookup, 1000 / plan.lookupsPerSecond);
  let syncs = 0;
  const sync = () => {
    const article = plan.articles[syncs++ % plan.articles.length];
    if (!article) return;
    const now = new Date().toISOString();
    const change = {
      seq: ++seq,
      clientId: randomUUID(),
      module: 'order-proposal',
      kind: 'upsert-line',
      payload: {
        articleId: article.id,
        quantity: 1,
        unit: article.unit,
        storageLocation: null,
        reason: null,
        capturedAt: now,
        updatedAt: now,
      },
    };
    request('sync', 'POST', '/api/v1/captures/sync', JSON.stringify({ deviceId, changes: [change] }));
  };
  sync();
  const syncTimer = setInterval(sync, 1000 / plan.syncsPerSecond);

  return async () => {
    clearInterval(lookupTimer);
    clearInterval(syncTimer);
    const stopped = performance.now();
    await Promise.race([Promise.all(open.keys()), new Promise((r) => setTimeout(r, DRAIN_MS))]);
    // Still open after the drain: counted as unanswered, with at least the time waited since the load stopped.
    for (const kind of open.values()) {
      samples.push({ kind, due: stopped - t0, ms: performance.now() - stopped, status: -1 });
    }
    agent.destroy();
    return samples;
  };
}

let stop: (() => Promise<Sample[]>) | undefined;
process.on('message', (message: LoadPlan | 'stop') => {
  if (message === 'stop') {
    void stop?.().then((samples) => process.send?.(samples, () => process.exit(0)));
  } else {
    stop = start(message);
    process.send?.('started');
  }
});
