import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, DEMO, loginAs, type TestApp } from '../../test/test-app';
import { notify } from './notifications.events';

// OneSignal selected by configuration: the server pushes through its REST API to the user's external id.
let t: TestApp;
let server: http.Server;
const seen: { include_aliases: { external_id: string[] }; data: { route: string } }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      seen.push(JSON.parse(text));
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notifications`;
  t = await createTestApp({
    ONESIGNAL_APP_ID: 'app-1',
    ONESIGNAL_API_KEY: 'secret',
    ONESIGNAL_API_URL: url,
    ONESIGNAL_SDK_URL: 'https://sdk.example.test/v16/OneSignalSDK.page.js',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('OneSignal provider', () => {
  it('is announced to the app and gets each new notification once, for the user', async () => {
    const demo = as(t.app, await loginAs(t.app, DEMO));
    expect((await demo({ method: 'GET', url: '/api/v1/notifications/push/config' })).json()).toEqual({
      provider: 'onesignal',
      appId: 'app-1',
      sdkUrl: 'https://sdk.example.test/v16/OneSignalSDK.page.js',
    });
    const user = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) => notify(trx, user.id, { title: 'T', text: 'x', route: '/notifications' }));
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(1);
    expect(seen[0]).toMatchObject({
      include_aliases: { external_id: [String(user.id)] },
      data: { route: '/notifications' },
    });
    await expect
      .poll(async () => (await t.db.selectFrom('push_job').select('id').execute()).length, { timeout: 5000 })
      .toBe(0);
  });
});

describe('page policy', () => {
  const policyOf = async (app: TestApp['app']) =>
    String((await app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);

  it("allows the OneSignal SDK's origin and API only when OneSignal is configured", async () => {
    const policy = await policyOf(t.app);
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' https://sdk.example.test;");
    expect(policy).toContain(
      "connect-src 'self' https://sdk.example.test https://onesignal.com https://api.onesignal.com;",
    );
    const plain = await createTestApp();
    try {
      const defaultPolicy = await policyOf(plain.app);
      expect(defaultPolicy).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(defaultPolicy).not.toMatch(/onesignal|example\.test/);
    } finally {
      await plain.close();
    }
  });
});
