import { describe, expect, it } from 'vitest';
import { testConnection } from './connection-test';

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const deps = (fetchImpl: () => Promise<Response>, online = true) => ({
  fetch: fetchImpl as unknown as typeof fetch,
  online: () => online,
});

describe('connection test (spec §8)', () => {
  it('accepts an MDE server that wants a login', async () => {
    expect(
      await testConnection(
        '/api',
        deps(() => json(401, { message: 'x', code: 'NOT_AUTHENTICATED' })),
      ),
    ).toBe('ok');
  });
  it('accepts an MDE server with a running session', async () => {
    expect(
      await testConnection(
        '/api',
        deps(() => json(200, { username: 'demo' })),
      ),
    ).toBe('ok');
  });
  it('reports a device without network before trying', async () => {
    expect(
      await testConnection(
        '/api',
        deps(() => json(200, {}), false),
      ),
    ).toBe('clientNetwork');
  });
  it('reports an unreachable server', async () => {
    expect(
      await testConnection(
        '/api',
        deps(() => Promise.reject(new TypeError('Failed to fetch'))),
      ),
    ).toBe('noConnection');
  });
  it('reports an address that is not an MDE API', async () => {
    expect(
      await testConnection(
        '/x',
        deps(() => Promise.resolve(new Response('<html>', { status: 200 }))),
      ),
    ).toBe('notValid');
    expect(
      await testConnection(
        '/x',
        deps(() => json(404, { message: 'nope' })),
      ),
    ).toBe('notValid');
  });
  it('reports anything else as unexpected', async () => {
    expect(
      await testConnection(
        '/api',
        deps(() => Promise.reject(new RangeError('odd'))),
      ),
    ).toBe('unexpected');
  });
  it("names the app's own policy when it blocks the server, not an unreachable server", async () => {
    const page = new EventTarget();
    const fetchBlocked = () => {
      const violation = Object.assign(new Event('securitypolicyviolation'), {
        effectiveDirective: 'connect-src',
        blockedURI: 'https://mde2.example.de:8443/api/v1/security/user/context',
      });
      setTimeout(() => page.dispatchEvent(violation), 10);
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    expect(
      await testConnection('https://mde2.example.de:8443/api', { ...deps(fetchBlocked), policyEvents: page }),
    ).toBe('blockedByPolicy');
    // a block of another address says nothing about this one
    const other = () => {
      page.dispatchEvent(
        Object.assign(new Event('securitypolicyviolation'), {
          effectiveDirective: 'connect-src',
          blockedURI: 'https://elsewhere.example.de/x',
        }),
      );
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    expect(await testConnection('https://mde2.example.de:8443/api', { ...deps(other), policyEvents: page })).toBe(
      'noConnection',
    );
  });
});
