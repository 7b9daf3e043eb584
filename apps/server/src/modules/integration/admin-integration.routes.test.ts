import { ADMIN_INTEGRATION_MSG, ADMIN_MSG, EVENTS_MSG, MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { createFirma2Admin } from '../../test/admin-test-users';
import { type as, DEMO, FILIALE, useTestApp } from '../../test/test-app';
import { createTestKey } from '../../test/test-keys';
import { addTestUser } from '../../test/test-users';
import { startReceiver } from '../../test/webhook-receiver';
import { recordEvent } from '../integration-events/record-event';
import { WebhookWorker } from '../integration-events/webhook-worker';

const FIRMA1_ADMIN = { username: 'integ-firma1', password: 'Admin1234!x' };
const FIRMA2_ADMIN = { username: 'integ-firma2', password: 'Admin2-1234!' };
const t = useTestApp({
  prepare: async (t) => {
    await addTestUser(t.db, { ...FIRMA1_ADMIN, permissions: ['ADMINISTRATION'] });
    await createFirma2Admin(t.db, FIRMA2_ADMIN.username);
  },
});
const demo = t.login(DEMO);
const filiale = t.login(FILIALE);
const firma1Admin = t.login(FIRMA1_ADMIN);
const firma2Admin = t.login(FIRMA2_ADMIN);

const base = '/api/v1/admin/integration';
const call = (who: ReturnType<typeof as>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  who({ method, url: `${base}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
const audit = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const feed = (key: string) =>
  t.app.inject({ method: 'GET', url: '/api/integration/v1/events?limit=5', headers: bearer(key) });

const ROUTES: ['GET' | 'POST', string, unknown?][] = [
  ['GET', '/api-keys'],
  ['POST', '/api-keys', { name: 'x', scopes: ['events:read'], firmas: [1] }],
  ['POST', '/api-keys/1/revoke'],
  ['GET', '/api-keys/1/requests'],
  ['GET', '/webhooks'],
  ['POST', '/webhooks', { url: 'http://127.0.0.1:9/x', events: ['*'], firmas: [1] }],
  ['POST', '/webhooks/1/disable'],
  ['GET', '/webhooks/1/deliveries'],
  ['POST', '/webhook-deliveries/1/redeliver'],
];

const createKey = async (who: ReturnType<typeof as>, name: string, firmas: number[], scopes = ['events:read']) => {
  const res = await call(who, 'POST', '/api-keys', { name, scopes, firmas });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; key: string; prefix: string; firmas: number[] };
};

describe('admin integration access', () => {
  it('refuses every route without ADMINISTRATION (403), without a session (401) and to an API key (401)', async () => {
    const { key } = await createTestKey(t.db, 'kein Admin', ['events:read', 'webhooks:manage']);
    for (const [method, url, body] of ROUTES) {
      const payload = body === undefined ? {} : { payload: body as object };
      expect((await call(filiale, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url: `${base}${url}`, ...payload })).statusCode).toBe(401);
      const withKey = await t.app.inject({ method, url: `${base}${url}`, headers: bearer(key), ...payload });
      expect(withKey.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await audit('api-key.create')).filter((e) => e.actor !== 'test')).toHaveLength(0);
  });
});

describe('API keys of a firma', () => {
  it('an admin makes keys for their own firmas only and never sees or revokes another firma’s key', async () => {
    const firma1Key = await createKey(firma1Admin, 'ERP Nord', [1]);
    expect(firma1Key.firmas).toEqual([1]);
    const bothKey = await createKey(demo, 'ERP beide', [2, 1, 2]);
    expect(bothKey.firmas).toEqual([1, 2]);

    // Firma 2's admin: another firma's key is neither listed nor found, nor made.
    const list2 = (await call(firma2Admin, 'GET', '/api-keys')).json();
    expect(list2.firmas).toEqual([{ id: 2, name: expect.any(String) }]);
    const ids2 = list2.keys.map((k: { id: number }) => k.id);
    expect(ids2).not.toContain(firma1Key.id);
    expect(ids2).not.toContain(bothKey.id);
    for (const id of [firma1Key.id, bothKey.id]) {
      expect((await call(firma2Admin, 'POST', `/api-keys/${id}/revoke`)).statusCode).toBe(404);
      expect((await call(firma2Admin, 'GET', `/api-keys/${id}/requests`)).statusCode).toBe(404);
    }
    const foreign = await call(firma2Admin, 'POST', '/api-keys', { name: 'x', scopes: ['events:read'], firmas: [1] });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'FIRMA_NOT_HELD', message: ADMIN_MSG.firmaNotHeld });
    const mixed = await call(firma2Admin, 'POST', '/api-keys', { name: 'x', scopes: ['events:read'], firmas: [1, 2] });
    expect(mixed.statusCode).toBe(403);
    const own = await createKey(firma2Admin, 'ERP Süd', [2]);
    expect((await call(firma1Admin, 'GET', '/api-keys')).json().keys.map((k: { id: number }) => k.id)).not.toContain(
      own.id,
    );

    // Firma 1's admin sees their key, not the one that spans firma 2 as well.
    const list1 = (await call(firma1Admin, 'GET', '/api-keys')).json().keys.map((k: { id: number }) => k.id);
    expect(list1).toContain(firma1Key.id);
    expect(list1).not.toContain(bothKey.id);
    expect((await call(firma1Admin, 'POST', `/api-keys/${bothKey.id}/revoke`)).statusCode).toBe(404);
    // The admin of both sees all three.
    const listDemo = (await call(demo, 'GET', '/api-keys')).json().keys.map((k: { id: number }) => k.id);
    expect(listDemo).toEqual(expect.arrayContaining([firma1Key.id, bothKey.id, own.id]));

    expect((await feed(bothKey.key)).statusCode).toBe(200);
    const revoked = await call(demo, 'POST', `/api-keys/${bothKey.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await feed(bothKey.key)).statusCode).toBe(401);
    expect((await call(demo, 'POST', `/api-keys/${bothKey.id}/revoke`)).statusCode).toBe(404);
  });

  it('each change is in the audit log with the admin as actor, read by the admins of the key’s firmas', async () => {
    const one = await createKey(firma1Admin, 'Audit eins', [1]);
    const both = await createKey(demo, 'Audit beide', [1, 2]);
    expect((await call(demo, 'POST', `/api-keys/${one.id}/revoke`)).statusCode).toBe(200);

    const created = (await audit('api-key.create')).find((e) => e.object_id === String(one.id));
    expect(created).toMatchObject({ actor: FIRMA1_ADMIN.username, firma_id: 1, firma_ids: [1] });
    expect(JSON.stringify(created)).not.toContain(one.key);
    const revoked = (await audit('api-key.revoke')).find((e) => e.object_id === String(one.id));
    expect(revoked).toMatchObject({ actor: 'demo', firma_id: 1 });
    expect(revoked?.after).toMatchObject({ revokedAt: expect.any(String) });
    expect((await audit('api-key.create')).find((e) => e.object_id === String(both.id))).toMatchObject({
      actor: 'demo',
      firma_id: null,
      firma_ids: [1, 2],
    });

    const seen = async (who: ReturnType<typeof as>) => {
      const res = await who({ method: 'GET', url: '/api/v1/admin/audit-log?objectType=api-key&limit=200' });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { objectId: string; action: string }[]).map((e) => `${e.action} ${e.objectId}`);
    };
    expect(await seen(firma1Admin)).toEqual(
      expect.arrayContaining([`api-key.create ${one.id}`, `api-key.revoke ${one.id}`]),
    );
    expect(await seen(firma1Admin)).not.toContain(`api-key.create ${both.id}`);
    expect(await seen(demo)).toContain(`api-key.create ${both.id}`);
    const firma2Sees = await seen(firma2Admin);
    expect(firma2Sees).not.toContain(`api-key.create ${one.id}`);
    expect(firma2Sees).not.toContain(`api-key.create ${both.id}`);
  });

  it('refuses a missing name, scopes or firmas in German and creates nothing', async () => {
    const before = (await call(demo, 'GET', '/api-keys')).json().keys.length;
    for (const body of [
      { name: '   ', scopes: ['events:read'], firmas: [1] },
      { name: 'x', scopes: [], firmas: [1] },
      { name: 'x', scopes: ['root'], firmas: [1] },
      { scopes: ['events:read'], firmas: [1] },
      { name: 'x', scopes: ['events:read'] },
      { name: 'x', scopes: ['events:read'], firmas: [] },
      { name: 'x', scopes: ['events:read'], firmas: ['eins'] },
    ]) {
      const res = await call(demo, 'POST', '/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const [message] = Object.values(res.json().fields as Record<string, string>);
      expect([...Object.values(ADMIN_INTEGRATION_MSG), MSG.invalidValue]).toContain(message);
    }
    expect((await call(demo, 'GET', '/api-keys')).json().keys.length).toBe(before);
  });
});

describe('request log of a key', () => {
  it('lists the key’s requests with route, status and time, refusals too; another firma’s admin gets 404', async () => {
    const made = await createKey(firma1Admin, 'ERP Protokoll', [1], ['import:org']);
    const importStores = await t.app.inject({
      method: 'PUT',
      url: '/api/integration/v1/stores?dry=1',
      headers: { ...bearer(made.key), 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(importStores.statusCode).toBe(200);
    expect((await feed(made.key)).statusCode).toBe(403);
    expect((await call(firma1Admin, 'POST', `/api-keys/${made.id}/revoke`)).statusCode).toBe(200);
    expect((await feed(made.key)).statusCode).toBe(401);

    const res = await call(firma1Admin, 'GET', `/api-keys/${made.id}/requests`);
    expect(res.statusCode, res.body).toBe(200);
    const { requests } = res.json() as {
      requests: { at: string; method: string; route: string; status: number; durationMs: number }[];
    };
    expect(requests.map((r) => `${r.method} ${r.route} ${r.status}`)).toEqual([
      'GET /api/integration/v1/events 401',
      'GET /api/integration/v1/events 403',
      'PUT /api/integration/v1/stores 200',
    ]);
    for (const r of requests) {
      expect(Date.now() - new Date(r.at).getTime()).toBeLessThan(60_000);
      expect(r.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(res.body).not.toContain('dry=1');

    expect((await call(firma2Admin, 'GET', `/api-keys/${made.id}/requests`)).statusCode).toBe(404);
    expect((await call(demo, 'GET', `/api-keys/${made.id}/requests`)).statusCode).toBe(200);
    expect((await call(firma1Admin, 'GET', '/api-keys/999999/requests')).statusCode).toBe(404);
  });
});

describe('webhooks in the admin area', () => {
  it('creates for own firmas, lists deliveries, redelivers and disables; each change is audited without the secret', async () => {
    const receiver = await startReceiver();
    try {
      const created = await call(demo, 'POST', '/webhooks', { url: `${receiver.url}/erp`, events: ['*'], firmas: [1] });
      expect(created.statusCode, created.body).toBe(201);
      const { id, secret, firmas } = created.json();
      expect(secret).toMatch(/^whsec_/);
      expect(firmas).toEqual([1]);
      const createEntry = (await audit('webhook.create')).find((e) => e.object_id === String(id));
      expect(createEntry).toMatchObject({ actor: 'demo', firma_id: 1 });
      expect(JSON.stringify(createEntry)).not.toContain(secret);

      // Only events of its firmas are delivered.
      for (const firmaId of [2, 1]) {
        await t.db
          .transaction()
          .execute((trx) =>
            recordEvent(trx, { type: 'gift-card.moved', firmaId, vkforgId: null, userId: null, document: { firmaId } }),
          );
      }
      await new WebhookWorker(t.db, { warn: () => undefined }).drain();
      const deliveries = (await call(demo, 'GET', `/webhooks/${id}/deliveries`)).json().deliveries;
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0].status).toBe('delivered');
      expect(receiver.received.map((r) => JSON.parse(r.body).data.firma)).toEqual([1]);

      // Firma 2's admin neither sees it nor reaches it.
      expect((await call(firma2Admin, 'GET', '/webhooks')).json().map((s: { id: number }) => s.id)).not.toContain(id);
      expect((await call(firma2Admin, 'GET', `/webhooks/${id}/deliveries`)).statusCode).toBe(404);
      expect((await call(firma2Admin, 'POST', `/webhooks/${id}/disable`)).statusCode).toBe(404);
      const redeliverOther = await call(firma2Admin, 'POST', `/webhook-deliveries/${deliveries[0].id}/redeliver`);
      expect(redeliverOther.statusCode).toBe(404);
      const foreign = await call(firma2Admin, 'POST', '/webhooks', { url: receiver.url, events: ['*'], firmas: [1] });
      expect(foreign.statusCode).toBe(403);

      const again = await call(demo, 'POST', `/webhook-deliveries/${deliveries[0].id}/redeliver`);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().ok).toBe(true);
      expect(receiver.received).toHaveLength(2);
      expect((await audit('webhook.redeliver'))[0]).toMatchObject({
        object_id: String(deliveries[0].id),
        actor: 'demo',
      });

      const disabled = await call(firma1Admin, 'POST', `/webhooks/${id}/disable`);
      expect(disabled.json().enabled).toBe(false);
      expect((await audit('webhook.disable'))[0]).toMatchObject({
        object_id: String(id),
        actor: FIRMA1_ADMIN.username,
      });
    } finally {
      await receiver.close();
    }
  });

  it('refuses a bad URL or no firma in German and creates nothing', async () => {
    const before = (await call(demo, 'GET', '/webhooks')).json().length;
    const res = await call(demo, 'POST', '/webhooks', { url: 'ftp://erp', events: ['*'], firmas: [1] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(EVENTS_MSG.invalidUrl);
    const noFirma = await call(demo, 'POST', '/webhooks', { url: 'https://erp.local/x', events: ['*'] });
    expect(noFirma.statusCode).toBe(400);
    expect(noFirma.json().fields).toEqual({ firmas: MSG.invalidValue });
    const emptyFirmas = await call(demo, 'POST', '/webhooks', {
      url: 'https://erp.local/x',
      events: ['*'],
      firmas: [],
    });
    expect(emptyFirmas.json().fields).toEqual({ firmas: ADMIN_INTEGRATION_MSG.firmas });
    expect((await call(demo, 'GET', '/webhooks')).json().length).toBe(before);
    expect((await call(demo, 'GET', '/webhooks/999999/deliveries')).statusCode).toBe(404);
  });
});
