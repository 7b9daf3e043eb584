import { IMPORT_KIND_SCOPES, IMPORT_KINDS_IN_ORDER } from '@mde/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRng } from '../../../scripts/fuzz/generate';
import { runKeyReuseCase } from '../../../scripts/fuzz/key-reuse';
import { runPushEndpointCase } from '../../../scripts/fuzz/push-endpoints';
import { runFuzz } from '../../../scripts/fuzz/run';
import { createTestApp, DEMO, loginAs, type TestApp } from './test/test-app';
import { createTestKey } from './test/test-keys';

// npm run fuzz sends 10,000 requests built from the OpenAPI document to a server of its own; a seeded
// 1,000 of them run here on every test run, in process.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers 1,000 generated requests without a 5xx, a hang or an English error body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const cookie = await loginAs(t.app, DEMO);
    // The integration routes with a key of their scopes: their handlers read the bodies, not only the key check.
    const scopes = [...new Set(Object.values(IMPORT_KIND_SCOPES)), 'events:read' as const];
    const { key: apiKey } = await createTestKey(t.db, 'Fuzz ERP', scopes);
    const result = await runFuzz(
      doc,
      async (request) => {
        const res = await t.app.inject({
          method: request.method as InjectOptions['method'],
          url: request.url,
          headers: request.headers,
          payload: request.body,
          remoteAddress: '10.99.0.1',
        });
        return { status: res.statusCode, body: res.body };
      },
      { seed: 1, requests: 1_000, cookie, apiKey, concurrency: 4, timeoutMs: 20_000 },
    );
    expect(result.findings.slice(0, 10)).toEqual([]);
    expect(result.requests).toBe(1_000);
    for (const kind of IMPORT_KINDS_IN_ORDER) {
      expect(Object.keys(result.byOperation[`PUT /api/integration/v1/${kind}`] ?? {}), kind).toContain('200');
    }
    expect(result['5xx']).toBe(0);
    expect(result.hangs).toBe(0);
    expect(result.englishBodies).toBe(0);
  }, 300_000);

  it('refuses 200 push subscriptions naming addresses inside the network, however spelled', async () => {
    const cookie = await loginAs(t.app, DEMO);
    const result = await runPushEndpointCase(
      seededRng(2),
      async (request) => {
        const res = await t.app.inject({
          method: request.method as InjectOptions['method'],
          url: request.url,
          headers: request.headers,
          payload: request.body,
          remoteAddress: '10.99.0.2',
        });
        return { status: res.statusCode, body: res.body };
      },
      cookie,
      200,
    );
    expect(result.findings.slice(0, 10)).toEqual([]);
    expect(result.requests).toBe(200);
    expect(result.accepted).toBe(0);
  }, 120_000);

  it('refuses the same Idempotency-Key with another request on every keyed operation, in German, changing nothing', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const cookie = await loginAs(t.app, DEMO);
    const { key: apiKey } = await createTestKey(t.db, 'Fuzz ERP', [...new Set(Object.values(IMPORT_KIND_SCOPES))]);
    const result = await runKeyReuseCase(
      doc,
      async (request) => {
        const res = await t.app.inject({
          method: request.method as InjectOptions['method'],
          url: request.url,
          headers: request.headers,
          payload: request.body,
          remoteAddress: '10.99.0.3',
        });
        return { status: res.statusCode, body: res.body };
      },
      cookie,
      { apiKey },
    );
    expect(result.findings.slice(0, 10)).toEqual([]);
    expect(result.operations).toBeGreaterThanOrEqual(10);
    expect(result.skipped).toEqual([]);
    expect(result.tried).toBeGreaterThanOrEqual(result.operations - result.skipped.length);
    expect(result.accepted).toBe(0);
  }, 120_000);
});
