import { MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env';
import { apiSecurityHeaders, documentSecurityHeaders } from '../../plugins/security';
import { createTestApp, DEMO, HUGE, loginAs, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '12' });
});
afterAll(() => t.close());

const login = (payload: unknown, ip = '10.1.1.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: payload as object, remoteAddress: ip });

describe('POST /api/v1/auth/login', () => {
  it('returns the user context and an HttpOnly SameSite=Strict session cookie', async () => {
    const res = await login({ ...DEMO, stayAuthenticated: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'demo', accountid: 101, vkforgid: 11, firmaid: 1, idfirma: 1 });
    const cookie = res.cookies.find((c) => c.name === 'mde_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.value).toMatch(/^[\w-]{43}$/); // 256 bits, base64url
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('stores only the hash of the token', async () => {
    const res = await login(DEMO);
    const token = res.cookies[0]?.value ?? '';
    const rows = await t.db.selectFrom('session').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('gives a persistent cookie when staying authenticated', async () => {
    const res = await login({ ...DEMO, stayAuthenticated: true });
    expect(res.cookies[0]?.maxAge).toBe(30 * 24 * 3600);
  });

  it('answers 401 with the same German text for a wrong password and an unknown user', async () => {
    const wrong = await login({ username: 'demo', password: 'Falsch123!' }, '10.9.0.1');
    const unknown = await login({ username: 'niemand', password: 'Falsch123!' }, '10.9.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: MSG.loginUnauthorized, code: 'LOGIN_FAILED' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    ['malformed JSON', '{"username":', 'MALFORMED_JSON'],
    ['wrong types', { username: 5, password: true }, 'VALIDATION'],
    ['unknown properties', { ...DEMO, admin: true }, 'VALIDATION'],
    ['a 10 kB username', { username: HUGE, password: 'x' }, 'VALIDATION'],
    ['missing password', { username: 'demo' }, 'VALIDATION'],
  ])('refuses %s with 400 and a German message', async (_, payload, code) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(res.json().message).toMatch(/Anfrage/);
    expect(res.body).not.toMatch(/stack|Error:/);
  });

  it('slows an address down after repeated failures on an account, for existing and unknown users alike', async () => {
    for (const username of ['filiale', 'gibtesnicht']) {
      for (let i = 0; i < 5; i++) {
        expect((await login({ username, password: 'Falsch123!' }, '10.2.0.1')).statusCode).toBe(401);
      }
      const throttled = await login({ username, password: 'Falsch123!' }, '10.2.0.1');
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json()).toEqual({ message: MSG.loginThrottled(1), code: 'LOGIN_THROTTLED' });
    }
    // even the right password waits there until the delay has passed (failures made 'now', so a slow machine
    // cannot let the delay run out between the last failure and this attempt)
    await sql`update login_failure set failed_at = now()`.execute(t.db);
    expect((await login({ username: 'filiale', password: 'Filiale1234!' }, '10.2.0.1')).statusCode).toBe(429);
    await sql`update login_failure set failed_at = failed_at - interval '10 minutes'`.execute(t.db);
    expect((await login({ username: 'filiale', password: 'Filiale1234!' }, '10.2.0.1')).statusCode).toBe(200);
  });

  it('caps failures per account at 100 an hour for addresses that have failed on it', async () => {
    await t.db
      .insertInto('login_failure')
      .values(
        Array.from({ length: 101 }, (_, i) => ({
          throttle_key: i === 0 ? 'user:extern|ip:10.4.0.1' : 'user:extern',
          failed_at: new Date(Date.now() - 3_000_000),
        })),
      )
      .execute();
    const res = await login({ username: 'extern', password: 'Extern1234!' }, '10.4.0.1');
    expect(res.statusCode).toBe(429);
    await t.db.deleteFrom('login_failure').where('throttle_key', 'like', 'user:extern%').execute();
  });
});

describe('sessions', () => {
  const context = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/security/user/context', headers: cookie ? { cookie } : {} });

  it('401 without a session', async () => {
    const res = await context();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notAuthenticated, code: 'NOT_AUTHENTICATED' });
  });

  it('401 for a made-up token', async () => {
    expect((await context('mde_session=abc')).statusCode).toBe(401);
  });

  it('expires after 30 idle minutes with the spec message, unless staying authenticated', async () => {
    const cookie = await loginAs(t.app, DEMO);
    const remembered = await loginAs(t.app, DEMO, true);
    expect((await context(cookie)).statusCode).toBe(200);
    await sql`update session set last_seen_at = now() - interval '31 minutes'`.execute(t.db);
    const expired = await context(cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: MSG.sessionExpired, code: 'SESSION_EXPIRED' });
    expect((await context(remembered)).statusCode).toBe(200);
  });

  it('expires after the absolute limit even while active', async () => {
    const cookie = await loginAs(t.app, DEMO);
    expect((await context(cookie)).statusCode).toBe(200);
    await sql`update session set expires_at = now() - interval '1 second'`.execute(t.db);
    expect((await context(cookie)).json().code).toBe('SESSION_EXPIRED');
  });

  it('logout revokes the session and clears the cookie', async () => {
    const cookie = await loginAs(t.app, DEMO);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'mde_session')?.value).toBe('');
    expect((await context(cookie)).statusCode).toBe(401);
  });

  it('logout without a session is harmless', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(200);
  });
});

describe('headers', () => {
  const security = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(headers).filter(([name]) => !/^(content-(type|length)|date|connection|etag)$/.test(name)),
    );

  it('sends API answers the REST set: a policy that allows nothing, no framing, nosniff, no referrer, no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/security/user/context' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends exactly that set on every kind of API answer, with HSTS behind https', async () => {
    for (const https of [false, true]) {
      const app = await createTestApp({ HTTPS: String(https) });
      try {
        const cookie = await loginAs(app.app, DEMO);
        const answers = await Promise.all([
          app.app.inject({ method: 'GET', url: '/api/v1/articles/lookup/4000000000000', headers: { cookie } }),
          app.app.inject({ method: 'GET', url: '/api/v1/articles/lookup/4000000000000' }),
          app.app.inject({ method: 'GET', url: '/api/v1/security/user/context', headers: { cookie } }),
          app.app.inject({ method: 'GET', url: '/api/v1/gibt-es-nicht' }),
        ]);
        expect(answers.map((a) => a.statusCode)).toEqual([422, 401, 200, 404]);
        // Written out, so a header dropped from apiSecurityHeaders() fails here too.
        const expected = {
          'cache-control': 'no-store',
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
          'cross-origin-resource-policy': 'same-origin',
          'referrer-policy': 'no-referrer',
          ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'DENY',
        };
        expect(apiSecurityHeaders(https)).toEqual(expected);
        for (const answer of answers) expect(security(answer.headers)).toEqual(expected);
      } finally {
        await app.close();
      }
    }
  });

  it("sends pages helmet's strict page policy", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/gibt-es-nicht.html' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(security(page.headers)).toEqual(documentSecurityHeaders(false));
    // Swagger UI sets its own policy for its page; the rest of the page set stays.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    expect(docs.headers['x-frame-options']).toBe('DENY');
    expect(documentSecurityHeaders(true)['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(documentSecurityHeaders(true)['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('lets the app connect to the MDE servers named in CONNECT_ORIGINS, and to no other', async () => {
    const other = await createTestApp({ CONNECT_ORIGINS: 'https://mde2.example.de, http://10.0.0.5:8080/' });
    try {
      const page = await other.app.inject({ method: 'GET', url: '/gibt-es-nicht.html' });
      expect(page.headers['content-security-policy']).toContain(
        "connect-src 'self' https://mde2.example.de http://10.0.0.5:8080;",
      );
    } finally {
      await other.close();
    }
    expect(documentSecurityHeaders(false)['content-security-policy']).toContain("connect-src 'self';");
    // A path or a typo is refused at start, not silently left out of the policy.
    expect(() => loadEnv({ CONNECT_ORIGINS: 'https://mde2.example.de/api' })).toThrow(/CONNECT_ORIGINS/);
    expect(() => loadEnv({ CONNECT_ORIGINS: 'mde2.example.de' })).toThrow(/CONNECT_ORIGINS/);
  });

  it('uses the __Host- cookie and HSTS behind https', async () => {
    const secure = await createTestApp({ HTTPS: 'true' });
    try {
      const res = await secure.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: DEMO });
      const cookie = res.cookies.find((c) => c.name === '__Host-mde_session');
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v1/auth/login');
  });

  it('answers unknown API paths with a German 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/gibt-es-nicht' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.routeNotFound);
  });
});
