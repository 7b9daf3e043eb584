import { randomUUID } from 'node:crypto';
import { EVENTS_MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createScopedKeys, withScopes } from '../../test/scoped-keys';
import { createSecondInstance, useTestApp } from '../../test/test-app';
import { startReceiver } from '../../test/webhook-receiver';
import { recordEvent } from './record-event';
import { sendWebhook } from './webhook-sender';
import { WebhookWorker } from './webhook-worker';

const t = useTestApp({
  prepare: async (t) => {
    await createScopedKeys(t.db, [], ['events:read'], ['webhooks:manage']);
  },
});
afterEach(async () => {
  await sql`update webhook_subscription set enabled = false`.execute(t.db);
});

const quiet = { warn: () => undefined };
const api = (method: 'GET' | 'POST', url: string, payload?: unknown, headers = withScopes('webhooks:manage')) =>
  t.app.inject({
    method,
    url: `/api/integration/v1${url}`,
    headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
const record = async (type: 'gift-card.moved' | 'storage-location.changed' = 'gift-card.moved') => {
  const marker = randomUUID();
  await t.db
    .transaction()
    .execute((trx) => recordEvent(trx, { type, firmaId: 1, vkforgId: 11, userId: null, document: { marker } }));
  return marker;
};
const subscribe = async (url: string, events = ['*'], owner?: string) => {
  const res = await api('POST', '/webhooks', { url, events, ...(owner ? { owner } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string };
};
const markers = (bodies: { body: string }[]) => bodies.map((r) => JSON.parse(r.body).data.document.marker);

describe('webhook subscriptions', () => {
  it('need the webhooks:manage scope', async () => {
    expect((await api('GET', '/webhooks', undefined, withScopes('events:read'))).statusCode).toBe(403);
  });

  it('create answers the secret once (whsec_), a private ERP address is fine, the list has no secret', async () => {
    const created = await subscribe('http://10.1.2.3:8080/erp/hook', ['gift-card.moved', 'ordering.exported']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = (await api('GET', '/webhooks')).json();
    const mine = list.find((s: { id: number }) => s.id === created.id);
    expect(mine).toEqual(expect.objectContaining({ url: 'http://10.1.2.3:8080/erp/hook', enabled: true }));
    expect(JSON.stringify(list)).not.toContain('whsec_');
  });

  it('refuses other schemes, bad URLs and unknown event types in German, and stores nothing', async () => {
    const before = (await api('GET', '/webhooks')).json().length;
    for (const [body, message] of [
      [{ url: 'ftp://erp.local/x', events: ['*'] }, EVENTS_MSG.invalidUrl],
      [{ url: 'nicht eine url', events: ['*'] }, EVENTS_MSG.invalidUrl],
      [{ url: 'https://erp.local/x', events: ['erp.unknown'] }, EVENTS_MSG.unknownEventType('erp.unknown')],
      [{ url: 'https://erp.local/x', events: [] }, EVENTS_MSG.noEventTypes],
    ] as const) {
      const res = await api('POST', '/webhooks', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, code: 'BAD_REQUEST' });
    }
    expect((await api('GET', '/webhooks')).json()).toHaveLength(before);
  });
});

describe('deliveries', () => {
  it('are signed by the Standard Webhooks spec, in feed order, and logged', async () => {
    const receiver = await startReceiver();
    try {
      const { id, secret } = await subscribe(`${receiver.url}/hook`, ['gift-card.moved']);
      const sent = [await record(), await record('storage-location.changed'), await record()];
      await new WebhookWorker(t.db, quiet).drain();
      expect(markers(receiver.received)).toEqual([sent[0], sent[2]]);
      const verifier = new Webhook(secret);
      for (const r of receiver.received) {
        const payload = verifier.verify(r.body, r.headers) as { type: string; data: { id: string } };
        expect(payload.type).toBe('gift-card.moved');
        expect(r.headers['webhook-id']).toBe(payload.data.id);
      }
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
          receiver.received[0]?.body ?? '',
          receiver.received[0]?.headers ?? {},
        ),
      ).toThrow();
      const log = (await api('GET', `/webhooks/${id}/deliveries`)).json().deliveries;
      expect(log).toHaveLength(2);
      expect(log[0]).toMatchObject({ status: 'delivered', eventType: 'gift-card.moved' });
      expect(log[0].attempts).toEqual([expect.objectContaining({ ok: true, statusCode: 200, error: null })]);
      expect(log[0].attempts[0].durationMs).toBeGreaterThanOrEqual(0);
    } finally {
      await receiver.close();
    }
  });

  it('a failed event is retried later with backoff, and the next event waits for it', async () => {
    let status = 503;
    const receiver = await startReceiver(() => status);
    try {
      const { id } = await subscribe(receiver.url);
      const sent = [await record(), await record()];
      const worker = new WebhookWorker(t.db, quiet, { random: () => 0 });
      await worker.drain();
      expect(markers(receiver.received)).toEqual([sent[0]]);
      const due = await t.db
        .selectFrom('webhook_subscription')
        .select(sql<number>`extract(epoch from next_attempt_at - now())`.as('wait'))
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(due.wait)).toBeGreaterThan(3);
      await worker.drain();
      expect(receiver.received).toHaveLength(1);
      status = 200;
      await sql`update webhook_subscription set next_attempt_at = now() where id = ${id}`.execute(t.db);
      await worker.drain();
      expect(markers(receiver.received)).toEqual([sent[0], sent[0], sent[1]]);
      const log = (await api('GET', `/webhooks/${id}/deliveries`)).json().deliveries;
      const first = log.find((d: { attempts: unknown[] }) => d.attempts.length === 2);
      expect(first.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([503, 200]);
      expect(first.status).toBe('delivered');
    } finally {
      await receiver.close();
    }
  });

  it('after 24 hours of failures the subscription is disabled and its manager is told', async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const { id } = await subscribe(receiver.url, ['*'], 'demo');
      await record();
      const worker = new WebhookWorker(t.db, quiet);
      await worker.drain();
      await sql`update webhook_subscription set next_attempt_at = now(), failing_since = now() - interval '23 hours' where id = ${id}`.execute(
        t.db,
      );
      await worker.drain();
      expect((await api('GET', '/webhooks')).json().find((s: { id: number }) => s.id === id).enabled).toBe(true);
      await sql`update webhook_subscription set next_attempt_at = now(), failing_since = now() - interval '24 hours' where id = ${id}`.execute(
        t.db,
      );
      await worker.drain();
      const subscription = (await api('GET', '/webhooks')).json().find((s: { id: number }) => s.id === id);
      expect(subscription).toMatchObject({ enabled: false, disabledAt: expect.any(String) });
      const note = await t.db
        .selectFrom('notification as n')
        .innerJoin('app_user as u', 'u.id', 'n.user_id')
        .select(['n.title', 'n.text'])
        .where('u.username', '=', 'demo')
        .where('n.title', '=', EVENTS_MSG.subscriptionDisabledTitle)
        .execute();
      expect(note).toEqual([
        {
          title: EVENTS_MSG.subscriptionDisabledTitle,
          text: EVENTS_MSG.subscriptionDisabledText(`${receiver.url}/`),
        },
      ]);
      expect(receiver.received).toHaveLength(3);
      await worker.drain();
      expect(receiver.received).toHaveLength(3);
      // The server's own change is in the audit log too.
      const entry = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'webhook.disable')
        .where('object_id', '=', String(id))
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ actor: 'server', actor_api_key_id: null });
    } finally {
      await receiver.close();
    }
  });

  it('a redirect is not followed and counts as a failure; redeliver sends again and logs it', async () => {
    let redirect = true;
    const receiver = await startReceiver((r) =>
      redirect && r.path === '/hook' ? { status: 302, location: '/elsewhere' } : 200,
    );
    try {
      const { id } = await subscribe(`${receiver.url}/hook`);
      await record();
      await new WebhookWorker(t.db, quiet).drain();
      expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
      const [delivery] = (await api('GET', `/webhooks/${id}/deliveries`)).json().deliveries;
      expect(delivery).toMatchObject({ status: 'pending', attempts: [{ ok: false, statusCode: 302 }] });
      redirect = false;
      const again = await api('POST', `/webhook-deliveries/${delivery.id}/redeliver`);
      expect(again.json()).toMatchObject({ ok: true, statusCode: 200 });
      const [after] = (await api('GET', `/webhooks/${id}/deliveries`)).json().deliveries;
      expect(after.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([302, 200]);
      expect((await api('POST', '/webhook-deliveries/999999/redeliver')).json().message).toBe(
        EVENTS_MSG.deliveryNotFound,
      );
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that does not answer in time fails the attempt', async () => {
    const hanging = await startReceiver();
    const server = (await import('node:http')).createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const event = {
        id: 'evt_1',
        type: 'gift-card.moved',
        time: new Date().toISOString(),
        firma: 1,
        vkforg: 1,
        user: null,
        erp: { firma: 1, vkforg: '1100' },
        documentId: null,
        document: {},
      };
      const outcome = await sendWebhook(
        { url: `http://127.0.0.1:${port}/`, secret: `whsec_${Buffer.alloc(32).toString('base64')}` },
        event,
        300,
      );
      expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'Zeitüberschreitung nach 300 ms' });
      expect(outcome.durationMs).toBeGreaterThanOrEqual(250);
    } finally {
      server.closeAllConnections();
      server.close();
      await hanging.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL', () => {
  it('deliver each event once, in order', async () => {
    const receiver = await startReceiver();
    const second = await createSecondInstance(t);
    try {
      if (!second) throw new Error('no second instance');
      await subscribe(receiver.url);
      await subscribe(`${receiver.url}/two`);
      const sent: string[] = [];
      for (let i = 0; i < 20; i++) sent.push(await record());
      const a = new WebhookWorker(t.db, quiet, { perClaim: 3 });
      const b = new WebhookWorker(second.database.db, quiet, { perClaim: 3 });
      const made = await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      expect(made.reduce((x, y) => x + y, 0)).toBe(40);
      for (const path of ['/', '/two']) {
        const got = receiver.received.filter((r) => r.path === path);
        expect(markers(got)).toEqual(sent);
        expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(20);
      }
    } finally {
      await second?.close();
      await receiver.close();
    }
  });
});
