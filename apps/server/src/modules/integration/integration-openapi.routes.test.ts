import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { EVENT_TYPES, INTEGRATION_API_VERSION, INTEGRATION_API_VERSION_HEADER } from '@mde/contracts';
import Ajv from 'ajv';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { FX, insertFixtures } from '../../test/capture-fixtures';
import { createScopedKeys, withScopes } from '../../test/scoped-keys';
import { DEMO, useTestApp } from '../../test/test-app';

// The integration API's contract is its OpenAPI document: every route under /api/integration/ says what it takes
// (with an example), what it answers (with an example) and every error it really gives (the German error body,
// with an example), and every event type's payload has a schema and an example. Generic on purpose: a route
// or an event type added later is checked without touching this file.

type Schema = Record<string, unknown>;
type Media = { schema?: Schema; example?: unknown; examples?: Record<string, { value?: unknown }> };
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema; example?: unknown };
type Response = {
  description?: string;
  headers?: Record<string, { schema?: Schema }>;
  content?: Record<string, Media>;
};
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, Response>;
  'x-no-body'?: boolean;
};
type Doc = {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

/** The version header as light-my-request hands it over (lower case). */
const VERSION = INTEGRATION_API_VERSION_HEADER.toLowerCase();

let doc: Doc;
const t = useTestApp({
  prepare: async (t) => {
    await createScopedKeys(t.db, ['events:read'], []);
    await insertFixtures(t.db);
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  },
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const integrationOperations = () =>
  Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/integration/'))
    .flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({
        path,
        method,
        name: `${method.toUpperCase()} ${path}`,
        operation: item[method] as Operation,
      })),
    );

/** A schema with its $refs to the document's components replaced by what they name. */
function resolved(schema: unknown, depth = 0): unknown {
  if (depth > 30 || schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((s) => resolved(s, depth + 1));
  const ref = (schema as { $ref?: string }).$ref;
  if (ref?.startsWith('#/components/schemas/')) {
    return resolved(doc.components?.schemas?.[ref.slice('#/components/schemas/'.length)], depth + 1);
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, resolved(value, depth + 1)]));
}

/** OpenAPI 3.0's `nullable` in JSON Schema terms, so Ajv checks an example as a client would read the schema. */
function jsonSchemaOf(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf);
  const { nullable, example: _example, discriminator: _discriminator, ...rest } = schema as Schema;
  const inner = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [
      key,
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([name, s]) => [name, jsonSchemaOf(s)]))
        : jsonSchemaOf(value),
    ]),
  );
  // OpenAPI 3.0 marks an exclusive bound with a flag beside it; JSON Schema names the bound itself.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (inner[flag] === true) {
      inner[flag] = inner[bound];
      delete inner[bound];
    } else if (inner[flag] === false) delete inner[flag];
  }
  if (nullable !== true) return inner;
  if (Array.isArray(inner.enum) && !inner.enum.includes(null)) inner.enum = [...inner.enum, null];
  return { anyOf: [inner, { type: 'null' }] };
}

const ajv = new Ajv({ strict: false, validateFormats: false });
/** Why the value does not fit the schema, or undefined when it does. */
function misfit(schema: unknown, value: unknown): string | undefined {
  const validate = ajv.compile(jsonSchemaOf(resolved(schema)) as object);
  if (validate(value)) return undefined;
  const [error] = validate.errors ?? [];
  return `${error?.instancePath || '/'} ${error?.message}`;
}

/** The examples of a media type or a parameter: its own, or its schema's. */
function examplesOf(holder: { schema?: Schema; example?: unknown; examples?: Record<string, { value?: unknown }> }) {
  const list: unknown[] = [];
  if (holder.example !== undefined) list.push(holder.example);
  for (const named of Object.values(holder.examples ?? {})) list.push(named.value);
  const schema = resolved(holder.schema) as Schema | undefined;
  if (schema?.example !== undefined) list.push(schema.example);
  if (Array.isArray(schema?.examples)) list.push(...schema.examples);
  return list;
}

/** The gaps of one media type: no schema, no example, or an example its schema refuses. */
function mediaGaps(label: string, media: Media | undefined): string[] {
  if (!media?.schema) return [`${label}: kein Schema`];
  const examples = examplesOf(media);
  if (examples.length === 0) return [`${label}: kein Beispiel`];
  return examples.flatMap((example, i) => {
    const why = misfit(media.schema, example);
    return why ? [`${label}: Beispiel ${i + 1} passt nicht zum Schema (${why})`] : [];
  });
}

const takesBody = (method: string, operation: Operation) =>
  ['put', 'patch'].includes(method) || (method === 'post' && operation['x-no-body'] !== true);

/** The error answers the operation can really give, from what it takes (plugins/openapi-errors.ts decides the same). */
function expectedErrors(path: string, method: string, operation: Operation): string[] {
  const statuses = new Set(['401', '403', '429']);
  const parameters = operation.parameters ?? [];
  if (parameters.length > 0 || takesBody(method, operation)) statuses.add('400');
  if (path.includes('{')) statuses.add('404');
  if (takesBody(method, operation)) {
    statuses.add('413');
    statuses.add('415');
  }
  if (parameters.some((p) => p.in === 'header' && p.name === 'idempotency-key')) statuses.add('422');
  return [...statuses];
}

/** Everything the document leaves out of one operation, in words. */
function gapsOf(path: string, method: string, operation: Operation): string[] {
  const gaps: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    const label = `Parameter ${parameter.in}:${parameter.name}`;
    if (!parameter.schema) gaps.push(`${label}: kein Schema`);
    else gaps.push(...mediaGaps(label, parameter as Media));
  }
  if ((path.match(/\{/g) ?? []).length > (operation.parameters ?? []).filter((p) => p.in === 'path').length) {
    gaps.push('Pfadparameter ohne Schema');
  }
  if (takesBody(method, operation)) {
    const content = operation.requestBody?.content ?? {};
    if (Object.keys(content).length === 0) gaps.push('Anfrage: kein Inhalt (requestBody) dokumentiert');
    for (const [type, media] of Object.entries(content)) gaps.push(...mediaGaps(`Anfrage ${type}`, media));
  }
  const success = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
  if (success.length === 0) gaps.push('keine 2xx-Antwort');
  for (const [status, response] of success) {
    const content = Object.entries(response.content ?? {});
    if (content.length === 0 && status !== '204') gaps.push(`Antwort ${status}: kein Schema`);
    for (const [type, media] of content) gaps.push(...mediaGaps(`Antwort ${status} ${type}`, media));
  }
  for (const status of expectedErrors(path, method, operation)) {
    if (!operation.responses[status]) gaps.push(`Fehlerantwort ${status} fehlt`);
  }
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!response.headers?.[INTEGRATION_API_VERSION_HEADER])
      gaps.push(`Antwort ${status}: Kopfzeile MDE-API-Version fehlt`);
    if (Number(status) < 400) continue;
    const media = response.content?.['application/json'];
    const properties = (resolved(media?.schema) as { properties?: Schema } | undefined)?.properties ?? {};
    if (!('message' in properties && 'code' in properties)) gaps.push(`Fehlerantwort ${status}: kein Fehlerschema`);
    gaps.push(...mediaGaps(`Fehlerantwort ${status}`, media));
  }
  return gaps;
}

const demo = t.login(DEMO);

describe('the OpenAPI document of the integration API', () => {
  it('documents each integration route completely: request, 2xx, errors, each with an example', () => {
    const operations = integrationOperations();
    expect(operations.length).toBeGreaterThanOrEqual(12);
    const gaps = operations.flatMap(({ path, method, name, operation }) =>
      gapsOf(path, method, operation).map((gap) => `${name}: ${gap}`),
    );
    expect(gaps).toEqual([]);
  });

  it('documents every event type with a payload schema and an example', () => {
    const feed = doc.paths['/api/integration/v1/events']?.get?.responses['200']?.content?.['application/json'];
    const events = (resolved(feed?.schema) as { properties?: { events?: { items?: Schema } } } | undefined)?.properties
      ?.events?.items;
    const variants = ((events?.oneOf ?? events?.anyOf ?? []) as Schema[]).map((variant) => resolved(variant) as Schema);
    const variantOf = (type: string) =>
      variants.find((v) => {
        const typeSchema = (v.properties as Record<string, Schema> | undefined)?.type;
        return Array.isArray(typeSchema?.enum) && typeSchema.enum.length === 1 && typeSchema.enum[0] === type;
      });
    const gaps = EVENT_TYPES.flatMap((type) => {
      const variant = variantOf(type);
      if (!variant) return [`${type}: kein Schema im Ereignis-Feed`];
      const document = resolved((variant.properties as Record<string, Schema>).document) as Schema | undefined;
      // An object with its fields, or a choice of such objects (a storage location's change by its action).
      const shapes = [document, ...(((document?.oneOf ?? document?.anyOf) as Schema[] | undefined) ?? [])];
      const problems: string[] = [];
      if (!shapes.some((shape) => Object.keys((shape?.properties as Schema | undefined) ?? {}).length > 0)) {
        problems.push(`${type}: das Dokument hat kein Schema`);
      }
      problems.push(
        ...mediaGaps(type, { schema: variant }).map((gap) => gap.replace(`${type}: `, `${type}: Ereignis `)),
      );
      return problems;
    });
    expect(gaps).toEqual([]);
  });

  it('names the integration API version in the document and in every integration answer', async () => {
    expect(doc.info.version).toBe(INTEGRATION_API_VERSION);
    // Every documented operation refuses a request without a key, and one with a key without its scope, with the
    // version and with a body its documented examples show.
    const documentedBodies = (operation: Operation, status: number) =>
      Object.values(operation.responses[String(status)]?.content?.['application/json']?.examples ?? {}).map(
        (example) => example.value,
      );
    for (const { path, method, name, operation } of integrationOperations()) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const send = (headers: Record<string, string>) =>
        t.app.inject({ method: method.toUpperCase() as InjectOptions['method'], url, headers });
      for (const [res, status] of [
        [await send({}), 401],
        [await send(withScopes()), 403],
      ] as const) {
        expect(res.statusCode, name).toBe(status);
        expect(res.headers[VERSION], name).toBe(INTEGRATION_API_VERSION);
        expect(documentedBodies(operation, status), `${name} ${status}`).toContainEqual(res.json());
      }
    }
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/integration/v1/events',
      headers: withScopes('events:read'),
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers[VERSION]).toBe(INTEGRATION_API_VERSION);
    // A path under /api/integration/ that no route takes is answered with the version too.
    const unknown = await t.app.inject({ method: 'GET', url: '/api/integration/v1/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers[VERSION]).toBe(INTEGRATION_API_VERSION);
    // The session API has its own versioning (its path): no integration version there.
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/auth/context' });
    expect(health.headers[VERSION]).toBeUndefined();
  });

  it('shows as error examples what the server really answers', async () => {
    await createScopedKeys(t.db, ['import:org', 'events:read', 'webhooks:manage']);
    const key = withScopes('import:org', 'events:read', 'webhooks:manage');
    const json = { ...key, 'content-type': 'application/json' };
    const cases: [string, InjectOptions][] = [
      [
        'GET /api/integration/v1/events',
        { method: 'GET', url: '/api/integration/v1/events?after=bm9wZQ', headers: key },
      ],
      [
        'GET /api/integration/v1/events',
        { method: 'GET', url: '/api/integration/v1/events?types=order.shipped', headers: key },
      ],
      ['GET /api/integration/v1/events', { method: 'GET', url: '/api/integration/v1/events?limit=1e3', headers: key }],
      ['PUT /api/integration/v1/stores', { method: 'PUT', url: '/api/integration/v1/stores', headers: key }],
      [
        'PUT /api/integration/v1/stores',
        { method: 'PUT', url: '/api/integration/v1/stores', headers: json, payload: '{"a":' },
      ],
      [
        'PUT /api/integration/v1/stores',
        { method: 'PUT', url: '/api/integration/v1/stores', headers: json, payload: '{}' },
      ],
      [
        'PUT /api/integration/v1/stores',
        {
          method: 'PUT',
          url: '/api/integration/v1/stores',
          headers: { ...json, 'idempotency-key': 'x' },
          payload: '[]',
        },
      ],
      [
        'PUT /api/integration/v1/stores',
        {
          method: 'PUT',
          url: '/api/integration/v1/stores',
          headers: { ...key, 'content-type': 'text/csv' },
          payload: 'a;b\n',
        },
      ],
      [
        'PUT /api/integration/v1/stores',
        {
          method: 'PUT',
          url: '/api/integration/v1/stores',
          headers: { ...key, 'content-type': 'application/xml' },
          payload: '<stores/>',
        },
      ],
      [
        'POST /api/integration/v1/webhooks',
        {
          method: 'POST',
          url: '/api/integration/v1/webhooks',
          headers: json,
          payload: { url: 'ftp://erp', events: ['*'] },
        },
      ],
      [
        'POST /api/integration/v1/webhooks',
        {
          method: 'POST',
          url: '/api/integration/v1/webhooks',
          headers: json,
          payload: { url: 'https://erp.example.com', events: [] },
        },
      ],
      [
        'POST /api/integration/v1/webhooks/{id}/disable',
        { method: 'POST', url: '/api/integration/v1/webhooks/999999/disable', headers: key },
      ],
    ];
    for (const [name, request] of cases) {
      const [method = '', path = ''] = name.split(' ');
      const operation = doc.paths[path]?.[method.toLowerCase()] as Operation;
      const res = await t.app.inject(request);
      const examples = Object.values(
        operation.responses[String(res.statusCode)]?.content?.['application/json']?.examples ?? {},
      ).map((example) => example.value);
      const label = `${request.method} ${request.url}: ${res.statusCode} ${res.body}`;
      // A 404 names what is missing (the subscription, the delivery): its example shows the code and the form.
      if (res.statusCode === 404)
        expect(
          examples.map((e) => (e as { code: string }).code),
          label,
        ).toContain(res.json().code);
      else expect(examples, label).toContainEqual(res.json());
    }
  });

  it('keeps the changelog, the version constant and the document on one version', () => {
    const changelog = fs.readFileSync(new URL('../../../../../docs/integration-changelog.md', import.meta.url), 'utf8');
    // Dated entries only ('## 1.1 – 2026-12-02'); the one in the works has no date yet.
    const dated = [...changelog.matchAll(/^## (\d+\.\d+) – (\d{4}-\d{2}-\d{2})$/gm)].map((m) => m[1]);
    expect(dated[0], 'the newest dated entry of docs/integration-changelog.md').toBe(INTEGRATION_API_VERSION);
    expect(new Set(dated).size, 'one entry per version').toBe(dated.length);
  });

  it('describes the feed as it really answers: an export read back fits the documented answer', async () => {
    const line = await demo({
      method: 'PUT',
      url: `/api/v1/captures/order-proposal/lines/${randomUUID()}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ articleId: FX.milk, quantity: 2, capturedAt: new Date().toISOString() }),
    });
    expect(line.statusCode).toBe(200);
    const exported = await demo({
      method: 'POST',
      url: '/api/v1/captures/order-proposal/export',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      payload: '{}',
    });
    expect(exported.statusCode).toBe(200);
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/integration/v1/events?types=order-proposal.exported',
      headers: withScopes('events:read'),
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.json().events.length).toBeGreaterThan(0);
    const documented = doc.paths['/api/integration/v1/events']?.get?.responses['200']?.content?.['application/json'];
    expect(misfit(documented?.schema, feed.json())).toBeUndefined();
  });
});
