import { SAFE_INPUT_MSG } from '@mde/contracts';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../test/test-app';
import { registerErrorHandling } from './errors';
import { registerUnsafeInputGuard } from './unsafe-input';

const t = useTestApp();
const demo = t.login(DEMO);

const refused = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: SAFE_INPUT_MSG.unsafeText, code: 'UNSAFE_INPUT' });
};

describe('input no database can store', () => {
  it('is refused in a path parameter before the lookup runs', async () => {
    refused(await demo({ method: 'GET', url: '/api/v1/articles/lookup/a%00b' }));
  });

  it('is refused in a query string', async () => {
    refused(await demo({ method: 'GET', url: '/api/v1/articles?q=ab%00cd' }));
  });

  it('is refused in a JSON body, a lone surrogate as well as NUL, in a value or a key', async () => {
    for (const payload of [
      '{"username":"de\\u0000mo","password":"x","stayAuthenticated":false}',
      '{"username":"\\ud800","password":"x","stayAuthenticated":false}',
      '{"username":"demo","password":"x","stayAuthenticated":false,"\\udc00":1}',
    ]) {
      refused(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { 'content-type': 'application/json' },
          payload,
        }),
      );
    }
  });

  it('leaves the sync route to refuse such changes one by one', async () => {
    const res = await demo({
      method: 'POST',
      url: '/api/v1/captures/sync',
      headers: { 'content-type': 'application/json' },
      payload: '{"deviceId":"\\u0000","changes":[]}',
    });
    expect(res.json().code).not.toBe('UNSAFE_INPUT');
  });
});

describe('the guard and the error handler on their own', () => {
  it('runs before the handler, and a database data exception is a 400 in German, never a 500', async () => {
    const app = Fastify({ logger: false });
    registerUnsafeInputGuard(app);
    registerErrorHandling(app, { spa: false, securityHeaders: { forPath: () => ({}) } });
    let handled = 0;
    app.post('/api/echo', async () => {
      handled++;
      return { ok: true };
    });
    app.get('/api/bad-date', async () => {
      await sql`select ${'2026-13-45'}::date as d`.execute(t.db);
      return { ok: true };
    });
    app.get('/api/bad-number', async () => {
      await sql`select ${'zwölf'}::int as n`.execute(t.db);
      return { ok: true };
    });
    await app.ready();
    refused(await app.inject({ method: 'POST', url: '/api/echo', payload: { a: ['x\u0000'] } }));
    expect(handled).toBe(0);
    for (const url of ['/api/bad-date', '/api/bad-number']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'INVALID_DATA' });
      expect(res.json().message).not.toMatch(/zwölf|2026-13-45|invalid|syntax/i);
    }
    await app.close();
  });
});
