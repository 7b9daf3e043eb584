import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs helper shared with the test runner, no type declarations
import { freePort } from '../../../../../scripts/pg-temp.mjs';
import { loadEnv } from '../../config/env';
import { FX, insertFixtures, uuid } from '../../test/capture-fixtures';
import { as, createTestApp, DEMO, loginAs, type TestApp } from '../../test/test-app';

const TOKEN = 'metrics-token-for-the-test-0123';
let t: TestApp;
let port: number;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1', METRICS_TOKEN: TOKEN });
  await insertFixtures(t.db);
});
afterAll(() => t?.close());

const scrape = async () => {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
};
/** The value of one sample line, e.g. `mde_login_failures_total` or `mde_sync_changes_total{result="applied"}`. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('metrics', () => {
  it('serves the Prometheus text format on METRICS_PORT with the names operations watch', async () => {
    const before = await scrape();
    const failuresBefore = sample(before, 'mde_login_failures_total') ?? 0;
    const appliedBefore = sample(before, 'mde_sync_changes_total{result="applied"}') ?? 0;

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'demo', password: 'falsch-falsch' },
      remoteAddress: '10.44.0.1',
    });
    const demo = as(t.app, await loginAs(t.app, DEMO));
    const sync = await demo({
      method: 'POST',
      url: '/api/v1/captures/sync',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        deviceId: `metrics-${uuid()}`,
        changes: [
          {
            seq: 1,
            clientId: uuid(),
            module: 'order-proposal',
            kind: 'upsert-line',
            payload: { articleId: FX.milk, quantity: 2, capturedAt: '2026-11-21T09:00:00.000Z' },
          },
        ],
      }),
    });
    expect(sync.statusCode).toBe(200);

    const text = await scrape();
    for (const name of [
      'mde_http_request_duration_seconds',
      'mde_sync_batches_total',
      'mde_sync_changes_total',
      'mde_integration_feed_backlog',
      'mde_integration_feed_failures_total',
      'mde_webhook_backlog',
      'mde_webhook_failures_total',
      'mde_push_queue_depth',
      'mde_push_deliveries_total',
      'mde_db_pool_connections_in_use',
      'mde_db_pool_requests_waiting',
      'mde_login_failures_total',
      'mde_login_throttled_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'mde_login_failures_total')).toBe(failuresBefore + 1);
    expect(sample(text, 'mde_sync_changes_total{result="applied"}')).toBe(appliedBefore + 1);
    expect(sample(text, 'mde_push_queue_depth')).toBeGreaterThanOrEqual(0);
    // Per route pattern (never the URL) and status class.
    expect(text).toMatch(
      /mde_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/auth\/login",status_class="4xx"\} \d+/,
    );
    expect(text).toMatch(
      /mde_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/captures\/sync",status_class="2xx"\} \d+/,
    );
  });

  it('answers /metrics on the app port only with the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'METRICS_TOKEN' });
    const right = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE mde_sync_batches_total counter');
  });

  it('has no /metrics on the app port without a token', async () => {
    const plain = await createTestApp({ SEED_ARTICLES: '0' });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('listens on 127.0.0.1 unless METRICS_HOST says otherwise, whatever HOST the app listens on', async () => {
    expect(loadEnv({ HOST: '0.0.0.0', METRICS_PORT: '9100' }).METRICS_HOST).toBe('127.0.0.1');
    const ownPort = await freePort();
    const local = await createTestApp({ HOST: '0.0.0.0', METRICS_PORT: String(ownPort) });
    try {
      expect((await fetch(`http://127.0.0.1:${ownPort}/metrics`)).status).toBe(200);
      // The machine's address on its network, where a scraper from elsewhere would knock.
      const outside = Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
      if (outside) {
        const refused = await fetch(`http://${outside}:${ownPort}/metrics`).then(
          () => 'answered',
          (error: Error & { cause?: { code?: string } }) => error.cause?.code,
        );
        expect(refused).toBe('ECONNREFUSED');
      }
    } finally {
      await local.close();
    }
  });
});
