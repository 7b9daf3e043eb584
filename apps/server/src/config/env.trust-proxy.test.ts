import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { loadEnv } from './env';

// Forwarded headers name the client only when a proxy we trust wrote them; anyone else can write any.
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const resetRequest = (app: TestApp['app'], remoteAddress: string, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/security/password/token',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: 'demo', email: 'demo@example.test' },
  });

async function statuses(app: TestApp['app'], remoteAddress: string, n: number) {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await resetRequest(app, remoteAddress, `198.51.100.${i}`)).statusCode);
  return codes;
}

describe('TRUST_PROXY', () => {
  it('ignores X-Forwarded-For by default, with HTTPS too: rotating it does not lift the limit', async () => {
    t = await createTestApp({ HTTPS: 'true' });
    const codes = await statuses(t.app, '203.0.113.5', 30);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
  });

  it('takes the client address from a trusted proxy, and only from it', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.20.0.0/16, 127.0.0.1' });
    // Through the proxy every client has an address of its own.
    expect((await statuses(t.app, '10.20.3.4', 30)).every((c) => c === 200)).toBe(true);
    // A client that talks to us directly is its own address, whatever it claims.
    await sql`delete from rate_limit`.execute(t.db);
    const direct = await statuses(t.app, '203.0.113.9', 25);
    expect(direct.filter((c) => c === 429)).toHaveLength(5);
  });

  it('records login failures under the forwarded address only behind a trusted proxy', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.20.0.1' });
    const fail = (remoteAddress: string) =>
      t?.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress,
        headers: { 'x-forwarded-for': '198.51.100.77' },
        payload: { username: 'extern', password: 'Falsch1!' },
      });
    await fail('10.20.0.1');
    await fail('203.0.113.10');
    const keys = await t.db
      .selectFrom('login_failure')
      .select('throttle_key')
      .where('throttle_key', 'like', 'ip:%')
      .execute();
    expect(keys.map((k) => k.throttle_key).sort()).toEqual(['ip:198.51.100.77', 'ip:203.0.113.10']);
  });

  it('refuses a value that is no address or network', () => {
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow();
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.example' })).toThrow();
    expect(loadEnv({}).TRUST_PROXY).toEqual([]);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.1,fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.1', 'fd00::/8']);
  });
});
