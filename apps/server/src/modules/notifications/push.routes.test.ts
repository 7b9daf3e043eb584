import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { startPushTestService } from '../../test/push-test-service';
import { as, createTestApp, DEMO, FILIALE, loginAs, type TestApp } from '../../test/test-app';
import { notify } from './notifications.events';
import { ensureVapidKeys } from './push.service';
import { pinnedLookup, sendPinned } from './push-endpoint';
import { PushWorker } from './push-worker';
import { vapidSubject, webPushSender } from './web-push-sender';

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushTestService>>;
let demo: ReturnType<typeof as>;
let filiale: ReturnType<typeof as>;
let demoId: number;
const quiet = { warn: () => undefined };

beforeAll(async () => {
  // The local push test service listens on loopback: this suite allows such endpoints, as a test must.
  t = await createTestApp({ PUSH_WORKER: 'false', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
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
const worker = async (db = t.db, allowPrivate = true) =>
  new PushWorker(db, webPushSender(await ensureVapidKeys(db), 'mailto:ops@mde.test', { allowPrivate }), quiet);
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

// Push endpoints a user could name to make the server send requests into the store's network.
const INSIDE = [
  'https://127.0.0.1/push/x',
  'https://10.0.0.8/push/x',
  'https://172.16.5.4/push/x',
  'https://192.168.1.10/push/x',
  'https://169.254.169.254/latest/meta-data',
  'https://100.100.100.200/latest',
  'https://224.0.0.1/x',
  'https://0.0.0.0/x',
  'https://2130706433/x',
  'https://0x7f.1/x',
  'https://[::1]/x',
  'https://[::ffff:127.0.0.1]/x',
  'https://[::ffff:a9fe:a9fe]/x',
  'https://[::7f00:1]/x',
  'https://[::127.0.0.1]/x',
  'https://[::a9fe:a9fe]/x',
  'https://[::808:808]/x',
  'https://[fe80::1]/x',
  'https://[fd00:ec2::254]/x',
  'https://[ff02::1]/x',
  'https://[64:ff9b::7f00:1]/x',
  'https://[2002:7f00:1::]/x',
  'https://localhost/x',
  'https://push.localhost/x',
  'https://intranet/x',
  'https://printer.local/x',
  'https://user:secret@fcm.googleapis.com/fcm/send/abc',
  'https://fcm.googleapis.com:8443/fcm/send/abc',
  'http://fcm.googleapis.com/fcm/send/abc',
];
// The real push services' URL shapes (Chrome/FCM, Firefox/Mozilla, Safari/Apple, Edge/WNS).
const REAL = [
  'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABh_example-token',
  'https://web.push.apple.com/QGuQyavXutnMH-example',
  'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB-example',
];

describe('push endpoints inside the network (no test allowance)', () => {
  let strict: TestApp;
  let request: ReturnType<typeof as>;
  beforeAll(async () => {
    strict = await createTestApp({ PUSH_WORKER: 'false' });
    request = as(strict.app, await loginAs(strict.app, DEMO));
  });
  afterAll(() => strict.close());

  it('are refused with a German 400 and nothing is stored', async () => {
    const keys = service.subscribe().keys;
    for (const endpoint of [...INSIDE, service.subscribe().endpoint]) {
      const res = await subscribe(request, { endpoint, keys });
      expect({ endpoint, status: res.statusCode }).toEqual({ endpoint, status: 400 });
      expect(res.json()).toMatchObject({
        code: 'PUSH_ENDPOINT_REFUSED',
        message: expect.stringMatching(/Push-Dienst/),
      });
    }
    expect(await t.db.selectFrom('push_subscription').select('id').execute()).toEqual([]);
  });

  it('takes the real push services’ endpoints', async () => {
    const keys = service.subscribe().keys;
    for (const endpoint of REAL) {
      expect({ endpoint, status: (await subscribe(request, { endpoint, keys })).statusCode }).toEqual({
        endpoint,
        status: 204,
      });
    }
  });
});

describe('sending to an endpoint inside the network', () => {
  it('sends nothing to a loopback endpoint stored before the check, and drops the push', async () => {
    const sub = service.subscribe();
    await subscribe(demo, sub);
    await notify(t.db, demoId, { title: 'T', text: 'x', route: '/' });
    await (await worker(t.db, false)).drain();
    expect(service.received).toEqual([]);
    expect(await jobs()).toBe(0);
  });

  it('connects to the address it checked: a name that resolves elsewhere the next time is not asked again', async () => {
    const sub = service.subscribe();
    const port = new URL(sub.endpoint).port;
    const answers = ['127.0.0.1', '127.0.0.2'];
    const asked: string[] = [];
    const lookup = pinnedLookup(
      (address) => address === '127.0.0.1',
      async (hostname) => {
        asked.push(hostname);
        return [{ address: answers[Math.min(asked.length - 1, 1)] as string, family: 4 }];
      },
    );
    const status = await sendPinned(new URL(`http://push.rebind.test:${port}/push/${sub.id}`), {
      method: 'POST',
      headers: {},
      body: Buffer.from('x'),
      timeoutMs: 5_000,
      lookup,
    });
    expect(asked).toEqual(['push.rebind.test']);
    // The service got the (unencrypted, so refused) request: the connection went to the checked address.
    expect(status).toBe(400);
    const refused = pinnedLookup(
      () => false,
      async () => [
        { address: '8.8.8.8', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ],
    );
    await expect(
      sendPinned(new URL(`http://push.rebind.test:${port}/push/${sub.id}`), {
        method: 'POST',
        headers: {},
        body: Buffer.from('x'),
        timeoutMs: 5_000,
        lookup: refused,
      }),
    ).rejects.toMatchObject({ code: 'PUSH_ENDPOINT_REFUSED' });
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
    const live = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
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
