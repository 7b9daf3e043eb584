import { ADMIN_API_PREFIX, AUDIT_LOG_API } from '@mde/contracts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO, FILIALE, useTestApp } from '../test/test-app';

// Every route below /api/v1/admin/, found in the OpenAPI document, so that each admin route any section adds
// is covered without a line here: without a session it answers 401, to a signed-in user without
// ADMINISTRATION 403, whatever its parameters and body. And the audit log can be read, never changed.

let routes: { method: string; url: string }[] = [];

const t = useTestApp({
  prepare: async (t) => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(ADMIN_API_PREFIX))
      .flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((method) => method !== 'head')
          // Path parameters get a plausible value: the guard must answer before the route looks at them.
          .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
      );
  },
});
const filiale = t.login(FILIALE);
const demo = t.login(DEMO);

const call = (route: { method: string; url: string }): InjectOptions => ({
  method: route.method as InjectOptions['method'],
  url: route.url,
  ...(['POST', 'PUT', 'PATCH'].includes(route.method)
    ? { headers: { 'content-type': 'application/json' }, payload: '{}' }
    : {}),
});

describe('admin routes guard', () => {
  it('finds the admin routes in the OpenAPI document', () => {
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([`GET ${AUDIT_LOG_API}`, `GET ${AUDIT_LOG_API}.csv`]),
    );
  });

  it('answers 401 without a session and 403 to a user without ADMINISTRATION, on every admin route', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const route of routes) {
      const anonymous = await t.app.inject(call(route));
      const nonAdmin = await filiale(call(route));
      answers.push(`${route.method} ${route.url}: ${anonymous.statusCode} ${nonAdmin.statusCode}`);
      expected.push(`${route.method} ${route.url}: 401 403`);
      expect(nonAdmin.json().message).toMatch(/\S/);
    }
    expect(answers).toEqual(expected);
  });

  it('has no route that changes or deletes an audit log entry', async () => {
    const writing = routes.filter(
      (r) => r.url.startsWith(AUDIT_LOG_API) && ['PUT', 'PATCH', 'DELETE', 'POST'].includes(r.method),
    );
    expect(writing).toEqual([]);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of [AUDIT_LOG_API, `${AUDIT_LOG_API}/1`]) {
        const res = await demo({ method, url, headers: { 'content-type': 'application/json' }, payload: '{}' });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
  });
});
