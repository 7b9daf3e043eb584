import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { as, createTestApp, DEMO, FILIALE, loginAs, type TestApp } from '../../test/test-app';
import { notify } from './notifications.events';
import { ensureVapidKeys } from './push.service';
import { startPushTestService } from './push-test-service';
import { PushWorker } from './push-worker';
import { vapidSubject, webPushSender } from './web-push-sender';

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushTestService>>;
let demo: ReturnType<typeof as>;
let filiale: ReturnType<typeof as>;
let demoId: number;
const quiet = { warn: () => undefined };

beforeAll(async () => {
  t = await createTestApp({ PUSH_WORKER: 'false' });
  service = await startPushTestService();
  demo = as(t.app, await loginAs(t.app, DEMO));
  filiale = as(t.app, await loginAs(t.app, FILIALE));
  demoId = (await t.db.selectFrom('app_user').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
  await service.close();
});
beforeEach(async () => {
  await sql`delete from push_subscription`.execute(t.db);
  await sql`delete from notification`.execute(t.db);
  service.received.length = 0;
  service.failures.length = 0;
});

const base = '/api/v1/notifications/push';
const subscribe = (
  request: ReturnType<typeof as>,
  subscription: { endpoint: string; keys: object },
  deviceId = `dev-${randomUUID()}`,
) =>
  request({
    method: 'PUT',
    url: `${base}/subscriptions`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ deviceId, endpoint: subscription.endpoint, keys: subscription.keys }),
  });
const worker = async (db = t.db) =>
  new PushWorker(db, webPushSender(await ensureVapidKeys(db), 'mailto:ops@mde.test'), quiet);
const jobs = async () => (await sql<{ n: number }>`select count(*)::int8 as n from push_job`.execute(t.db)).rows[0]?.n;

describe('VAPID keys', () => {
  it('are made once and served as the public key (65-byte P-256 point)', async () => {
    const res = await demo({ method: 'GET', url: `${base}/config` });
    expect(res.statusCode).toBe(200);
    const { provider, publicKey } = res.json();
    expect(provider).toBe('webpush');
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await ensureVapidKeys(t.db)).publicKey).toBe(publicKey);
    const rows = await sql<{ n: number }>`select count(*)::int8 as n from push_vapid_key`.execute(t.db);
    expect(rows.rows[0]?.n).toBe(1);
  });

  it('take the address of the app mails as the VAPID subject', () => {
    expect(vapidSubject('MDE <noreply@mde.local>')).toBe('mailto:noreply@mde.local');
    expect(vapidSubject('ops@store.example')).toBe('mailto:ops@store.example');
  });
});

describe('subscriptions', () => {
  it('stores one per user and device; a new subscription of the device replaces it; deactivate removes it', async () => {
    const first = service.subscribe();
    expect((await subscribe(demo, first, 'device-one')).statusCode).toBe(204);
    const second = service.subscribe();
    expect((await subscribe(demo, second, 'device-one')).statusCode).toBe(204);
    const rows = await t.db.selectFrom('push_subscription').select(['endpoint', 'user_id']).execute();
    expect(rows).toEqual([{ endpoint: second.endpoint, user_id: demoId }]);
    expect((await demo({ method: 'DELETE', url: `${base}/subscriptions/device-one` })).statusCode).toBe(204);
    expect((await demo({ method: 'DELETE', url: `${base}/subscriptions/device-one` })).statusCode).toBe(404);
    expect(await t.db.selectFrom('push_subscription').select('id').execute()).toEqual([]);
  });

  it('an endpoint taken over by another user on the same browser leaves the first user', async () => {
    const sub = service.subscribe();
    await subscribe(demo, sub, 'shared-device');
    await subscribe(filiale, sub, 'shared-device');
    const rows = await t.db.selectFrom('push_subscription').select('user_id').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_id).not.toBe(demoId);
  });

  it('refuses a malformed subscription with a German 400 and stores nothing', async () => {
    for (const bad of [
      { endpoint: 'ftp://x', keys: { p256dh: 'abc', auth: 'def' } },
      { endpoint: 'https://push.example/x', keys: { p256dh: 'a b', auth: 'def' } },
      { endpoint: 'https://push.example/x', keys: { p256dh: 'abc' } } as never,
    ]) {
      const res = await subscribe(demo, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Push-Abonnement|ungültig|Ungültig/);
    }
    expect(await t.db.selectFrom('push_subscription').select('id').execute()).toEqual([]);
  });
});

describe('behind TLS', () => {
  it('takes only HTTPS push endpoints', async () => {
    const tls = await createTestApp({ PUSH_WORKER: 'false', HTTPS: 'true' });
    try {
      const request = as(tls.app, await loginAs(tls.app, DEMO));
      const refused = await subscribe(request, service.subscribe());
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Das Push-Abonnement ist ungültig');
      const https = { endpoint: 'https://push.example.test/abc', keys: service.subscribe().keys };
      expect((await subscribe(request, https)).statusCode).toBe(204);
    } finally {
      await tls.close();
    }
  });
});

describe('sending (a real Web Push exchange with a local push service)', () => {
  it('encrypts the notification to the subscription and signs with the stored VAPID key', async () => {
    const sub = service.subscribe();
    await subscribe(demo, sub);
    const id = await notify(t.db, demoId, {
      title: 'Beleg gespeichert',
      text: 'Inventur: Beleg IN-1',
      route: '/mde-inventur',
    });
    expect(await jobs()).toBe(1);
    expect(await (await worker()).drain()).toBe(1);
    expect(service.failures).toEqual([]);
    expect(service.received).toHaveLength(1);
    const push = service.received[0];
    expect(push?.payload).toEqual({
      id,
      title: 'Beleg gespeichert',
      body: 'Inventur: Beleg IN-1',
      route: '/mde-inventur',
    });
    expect(push?.vapid.publicKey).toBe((await ensureVapidKeys(t.db)).publicKey);
    expect(push?.vapid.claims.sub).toBe('mailto:ops@mde.test');
    expect(Number(push?.ttl)).toBeGreaterThan(0);
    expect(await jobs()).toBe(0);
  });

  it('pushes to every device of the user, not to other users', async () => {
    const [a, b, other] = [service.subscribe(), service.subscribe(), service.subscribe()];
    await subscribe(demo, a);
    await subscribe(demo, b);
    await subscribe(filiale, other);
    await notify(t.db, demoId, { title: 'T', text: 'x', route: '/' });
    await (await worker()).drain();
    expect(service.received.map((r) => r.subscription).sort()).toEqual([a.id, b.id].sort());
  });

  it('removes a dead subscription (410 or 404) with its jobs', async () => {
    const gone = service.subscribe(410);
    const alive = service.subscribe();
    await subscribe(demo, gone);
    await subscribe(demo, alive);
    await notify(t.db, demoId, { title: 'T', text: 'x', route: '/' });
    await (await worker()).drain();
    const left = await t.db.selectFrom('push_subscription').select('endpoint').execute();
    expect(left.map((r) => r.endpoint)).toEqual([alive.endpoint]);
    expect(await jobs()).toBe(0);
  });

  it('keeps a job for later when the push service is unavailable (503)', async () => {
    const sub = service.subscribe(503);
    await subscribe(demo, sub);
    await notify(t.db, demoId, { title: 'T', text: 'x', route: '/' });
    await (await worker()).drain();
    const rows = await sql<{ attempts: number; later: boolean }>`
      select attempts, run_after > now() + interval '20 seconds' as later from push_job`.execute(t.db);
    expect(rows.rows).toEqual([{ attempts: 1, later: true }]);
    expect(await t.db.selectFrom('push_subscription').select('id').execute()).toHaveLength(1);
  });

  it('two workers (two instances on PostgreSQL) send each push once', async () => {
    const subs = [service.subscribe(), service.subscribe(), service.subscribe()];
    for (const s of subs) await subscribe(demo, s);
    const ids: number[] = [];
    for (let i = 0; i < 15; i++) ids.push(await notify(t.db, demoId, { title: `N${i}`, text: 'x', route: '/' }));
    const other = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl }) : null;
    try {
      const [w1, w2] = [await worker(), await worker(other?.db ?? t.db)];
      const handled = await Promise.all([w1.drain(), w2.drain(), w1.drain(), w2.drain()]);
      expect(handled.reduce((a, b) => a + b, 0)).toBe(45);
    } finally {
      await other?.close();
    }
    const seen = service.received.map((r) => `${r.subscription}:${(r.payload as { id: number }).id}`);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(await jobs()).toBe(0);
  });

  it('an instance with its worker on sends a new notification by itself (NOTIFY on commit)', async () => {
    const live = await createTestApp();
    try {
      const sub = service.subscribe();
      const cookie = await loginAs(live.app, DEMO);
      await subscribe(as(live.app, cookie), sub);
      const user = await live.db
        .selectFrom('app_user')
        .select('id')
        .where('username', '=', 'demo')
        .executeTakeFirstOrThrow();
      await live.db.transaction().execute((trx) => notify(trx, user.id, { title: 'Live', text: 'x', route: '/' }));
      await expect.poll(() => service.received.length, { timeout: 5000 }).toBe(1);
      expect(service.received[0]?.payload).toMatchObject({ title: 'Live' });
    } finally {
      await live.close();
    }
  });
});
