import { MSG, PERMISSIONS, ROLES } from '@mde/contracts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { as, DEMO, loginAs, useTestApp } from '../../test/test-app';

// OWASP ASVS 2.3.1: a one-time password opens nothing but the change to an own password. Signed in with it
// (mustChangePassword), every route that needs a session answers 403 PASSWORD_CHANGE_REQUIRED, except the
// password change itself, the context read (the app learns from it that it must ask for the change) and
// logout. Every route of the OpenAPI document is walked, so a route added later is covered without a line here.

const CONTEXT = 'GET /api/v1/security/user/context';
const CHANGE = 'POST /api/v1/security/user/password';
const OPEN = [CONTEXT, CHANGE];

let routes: { method: string; path: string }[] = [];
const t = useTestApp({
  env: { PUSH_WORKER: 'false' },
  prepare: async (t) => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => !['head', 'options'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
  },
});
const demo = t.login(DEMO);

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

/** A user with every permission and role, made by an admin: they get a one-time password. */
async function oneTimeUser() {
  const username = unique('einmal');
  const res = await demo({
    method: 'POST',
    url: '/api/v1/admin/users',
    payload: {
      username,
      fullName: 'Einmal Passwort',
      email: `${username}@example.test`,
      kind: 'internal',
      permissions: [...PERMISSIONS],
      roles: [...ROLES],
      accountIds: [101, 201],
      vkforgIds: [11, 12, 21],
      accountId: 101,
      vkforgId: 11,
      firmaId: 1,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { password } = res.json() as { password: string };
  return { username, password, cookie: await loginAs(t.app, { username, password }) };
}

/** Code and message of an error body; a route that answered (CSV, an event stream) has none. */
const errorOf = (res: { body: string }) => {
  try {
    const body = JSON.parse(res.body) as { code?: string; message?: string };
    return `${body.code} ${body.message}`;
  } catch {
    return 'kein JSON';
  }
};

const call = (route: { method: string; path: string }): InjectOptions => ({
  method: route.method as InjectOptions['method'],
  // Path parameters get an id nothing has: the rule must answer before the route looks at them.
  url: route.path.replace(/\{[^}]+\}/g, '999999'),
  headers: { accept: 'application/json' },
  ...(['POST', 'PUT', 'PATCH'].includes(route.method)
    ? { headers: { 'content-type': 'application/json' }, payload: '{}' }
    : {}),
});

describe('a one-time password opens only the password change', () => {
  it('reads the context (which says so), then lets the change through; the same session then works', async () => {
    const user = await oneTimeUser();
    const session = as(t.app, user.cookie);
    const context = await session({ method: 'GET', url: '/api/v1/security/user/context' });
    expect(context.statusCode).toBe(200);
    expect(context.json().mustChangePassword).toBe(true);
    const unread = () => session({ method: 'GET', url: '/api/v1/notifications/unread-count' });
    expect((await unread()).statusCode).toBe(403);
    const change = await session({
      method: 'POST',
      url: '/api/v1/security/user/password',
      payload: { currentPassword: user.password, password: 'Eigenes1!Pw' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await unread()).statusCode).toBe(200);
    const after = await session({ method: 'GET', url: '/api/v1/security/user/context' });
    expect(after.json().mustChangePassword).toBeUndefined();
  });

  it('lets the user sign out', async () => {
    const user = await oneTimeUser();
    const session = as(t.app, user.cookie);
    expect((await session({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(200);
    const context = await session({ method: 'GET', url: '/api/v1/security/user/context' });
    expect(context.statusCode).toBe(401);
  });

  it('answers 403 PASSWORD_CHANGE_REQUIRED on every route that needs a session, but the change and the context read', async () => {
    const user = await oneTimeUser();
    const session = as(t.app, user.cookie);
    const answers: string[] = [];
    const expected: string[] = [];
    let walked = 0;
    for (const route of routes) {
      const anonymous = await t.app.inject(call(route));
      // Public routes (login, health, the forgot-password steps) and the API-key routes need no session.
      if (anonymous.statusCode !== 401 || anonymous.json().code !== 'NOT_AUTHENTICATED') continue;
      const key = `${route.method} ${route.path}`;
      if (OPEN.includes(key)) continue;
      walked++;
      const res = await session(call(route));
      answers.push(`${key}: ${res.statusCode} ${errorOf(res)}`);
      expected.push(`${key}: 403 PASSWORD_CHANGE_REQUIRED ${MSG.passwordChangeRequired}`);
    }
    expect(walked).toBeGreaterThan(50);
    expect(answers).toEqual(expected);
  });
});
