import Ajv from 'ajv';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO, EXTERN, loginAs, useTestApp } from '../test/test-app';
import { createTestKey } from '../test/test-keys';

type Operation = { parameters?: { in: string; name: string }[]; responses: Record<string, OpenApiResponse> };
type OpenApiResponse = { content?: Record<string, { schema: object }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

let doc: Doc;
const t = useTestApp({
  prepare: async (t) => {
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  },
});

const operations = () =>
  Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
const errorSchemaOf = (operation: Operation | undefined, status: number) =>
  operation?.responses[String(status)]?.content?.['application/json']?.schema;

describe('the OpenAPI document lists each operation’s error answers', () => {
  it('gives every operation the error body for what it can answer', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(50);
    for (const { path, method, operation } of all) {
      const statuses = Object.keys(operation.responses);
      const name = `${method.toUpperCase()} ${path}`;
      expect(statuses, name).toContain('503');
      const inPath = (operation.parameters ?? []).some((p) => p.in === 'path');
      if (inPath) expect(statuses, name).toEqual(expect.arrayContaining(['400', '404']));
      if (operation.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key')) {
        expect(statuses, name).toContain('422');
      }
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const schema = errorSchemaOf(operation, Number(status)) as { properties?: object } | undefined;
        expect(schema?.properties, `${name} ${status}`).toHaveProperty('message');
        expect(schema?.properties, `${name} ${status}`).toHaveProperty('code');
      }
    }
  });

  it('derives 401/403/429 from the access rule: none for public, all three for an API key', () => {
    const login = doc.paths['/api/v1/auth/login']?.post;
    expect(Object.keys(login?.responses ?? {})).not.toContain('401');
    expect(Object.keys(login?.responses ?? {})).not.toContain('403');
    const locations = doc.paths['/api/v1/storage-locations/']?.get ?? doc.paths['/api/v1/storage-locations']?.get;
    expect(Object.keys(locations?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']));
    const events = doc.paths['/api/integration/v1/events']?.get;
    expect(Object.keys(events?.responses ?? {})).toEqual(expect.arrayContaining(['400', '401', '403', '429']));
    const assign = doc.paths['/api/v1/storage-locations/{id}/articles']?.post;
    expect(Object.keys(assign?.responses ?? {})).toEqual(expect.arrayContaining(['413', '415', '422']));
  });

  it('documents an event stream: its 200 as text/event-stream and its 406 for a request that takes none', () => {
    const stream = doc.paths['/api/v1/notifications/stream']?.get;
    expect(Object.keys(stream?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect(errorSchemaOf(stream, 406)).toHaveProperty('properties.message');
    expect(Object.keys(stream?.responses ?? {})).toEqual(expect.arrayContaining(['401', '406', '503']));
  });

  it('documents a schema that real error answers of every family satisfy', async () => {
    const ajv = new Ajv({ strict: false });
    const cookie = await loginAs(t.app, DEMO);
    const extern = await loginAs(t.app, EXTERN);
    const reader = (await createTestKey(t.db, 'Leser', ['events:read'])).key;
    const assign = doc.paths['/api/v1/storage-locations/{id}/articles']?.post;
    const events = doc.paths['/api/integration/v1/events']?.get;
    const webhooks = doc.paths['/api/integration/v1/webhooks']?.post;
    const post = (headers: Record<string, string>, payload: string): InjectOptions => ({
      method: 'POST',
      url: '/api/v1/storage-locations/1/articles',
      headers,
      payload,
    });
    const samples: [Operation | undefined, number, InjectOptions][] = [
      [assign, 401, post({ 'content-type': 'application/json' }, '{}')],
      [assign, 403, post({ cookie: extern, 'content-type': 'application/json' }, '{}')],
      [assign, 400, post({ cookie, 'content-type': 'application/json' }, '{"articleId":"1"}')],
      [assign, 400, post({ cookie, 'content-type': 'application/json' }, '{"articleId":')],
      [assign, 415, post({ cookie, 'content-type': 'text/csv' }, 'a,b')],
      [assign, 413, post({ cookie, 'content-type': 'application/json' }, `"${'x'.repeat(1_100_000)}"`)],
      [events, 401, { method: 'GET', url: '/api/integration/v1/events' }],
      [
        events,
        400,
        { method: 'GET', url: '/api/integration/v1/events?limit=1e3', headers: { authorization: `Bearer ${reader}` } },
      ],
      [
        webhooks,
        403,
        {
          method: 'POST',
          url: '/api/integration/v1/webhooks',
          headers: { authorization: `Bearer ${reader}` },
          payload: {},
        },
      ],
    ];
    for (const [operation, status, request] of samples) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(status);
      const schema = errorSchemaOf(operation, status);
      expect(schema, `${request.url} ${status}`).toBeDefined();
      const valid = ajv.validate(schema as object, res.json());
      expect(ajv.errors ?? [], `${request.url} ${status}: ${res.body}`).toEqual([]);
      expect(valid).toBe(true);
    }
  });
});
