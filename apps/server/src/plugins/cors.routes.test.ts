import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env';
import { createTestApp, DEMO, loginAs, type TestApp } from '../test/test-app';

const APP = 'https://mde1.example.de';
const OTHER = 'https://boese.example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: `${APP}, http://10.0.0.5:8080/` });
});
afterAll(() => t.close());

const preflight = (app: TestApp, origin: string, url = '/api/v1/auth/login') =>
  app.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-mde-background',
    },
  });
const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('cross-origin calls from the apps of listed other servers (CORS_ORIGINS)', () => {
  it('answers the preflight of a listed origin, with credentials, and lets the browser keep it', async () => {
    const res = await preflight(t, APP);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(APP);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(String(res.headers['access-control-allow-headers'])).toContain('x-mde-background');
    expect(res.headers['access-control-max-age']).toBe('7200');
    expect((await preflight(t, 'http://10.0.0.5:8080')).headers['access-control-allow-origin']).toBe(
      'http://10.0.0.5:8080',
    );
  });

  it('signs in cross-origin and makes the answers, errors too, readable to the listed app only', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: APP, 'sec-fetch-site': 'cross-site' },
      payload: DEMO,
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['access-control-allow-origin']).toBe(APP);
    expect(login.headers.vary).toContain('Origin');
    const cookie = `mde_session=${login.cookies[0]?.value}`;
    const context = await t.app.inject({
      method: 'GET',
      url: '/api/v1/security/user/context',
      headers: { origin: APP, cookie },
    });
    expect(context.json().username).toBe('demo');
    expect(context.headers['access-control-allow-origin']).toBe(APP);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/security/user/context',
      headers: { origin: APP },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(APP);
  });

  it('gives every other origin no CORS header at all, and answers no preflight for it', async () => {
    const res = await preflight(t, OTHER);
    expect(res.statusCode).not.toBe(204);
    expect(corsHeaders(res.headers)).toEqual([]);
    const get = await t.app.inject({ method: 'GET', url: '/api/v1/security/user/context', headers: { origin: OTHER } });
    expect(corsHeaders(get.headers)).toEqual([]);
    // The pages are not part of the API: no CORS for them, even for a listed origin.
    const page = await t.app.inject({ method: 'GET', url: '/login', headers: { origin: APP } });
    expect(corsHeaders(page.headers)).toEqual([]);
  });

  it('refuses a change another site sends with the cookie, before it runs', async () => {
    const cookie = await loginAs(t.app, DEMO);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: OTHER, 'sec-fetch-site': 'cross-site', cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'CROSS_SITE_REFUSED',
      message: 'Sie haben keine Berechtigung für diese Aktion',
    });
    const stillIn = await t.app.inject({ method: 'GET', url: '/api/v1/security/user/context', headers: { cookie } });
    expect(stillIn.statusCode).toBe(200);
  });

  it('behind TLS the listed app gets a cookie that travels cross-site (SameSite=None; Secure), everyone else Strict', async () => {
    const secure = await createTestApp({ HTTPS: 'true', CORS_ORIGINS: APP });
    try {
      const login = (origin?: string) =>
        secure.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: origin ? { origin, 'sec-fetch-site': 'cross-site' } : {},
          payload: DEMO,
        });
      expect((await login(APP)).cookies[0]).toMatchObject({ sameSite: 'None', secure: true, httpOnly: true });
      expect((await login()).cookies[0]).toMatchObject({ sameSite: 'Strict', secure: true });
    } finally {
      await secure.close();
    }
  });

  it('answers no cross-origin request without CORS_ORIGINS, and refuses a list with a path', async () => {
    const plain = await createTestApp();
    try {
      expect(corsHeaders((await preflight(plain, APP)).headers)).toEqual([]);
    } finally {
      await plain.close();
    }
    expect(() => loadEnv({ CORS_ORIGINS: 'https://mde1.example.de/app' })).toThrow(/CORS_ORIGINS/);
  });
});
