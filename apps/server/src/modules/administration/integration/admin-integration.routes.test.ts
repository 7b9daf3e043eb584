import { ADMIN_INTEGRATION_MSG, MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { type as, DEMO, FILIALE, useTestApp } from '../../../test/test-app';
import { addTestUser } from '../../../test/test-users';
import { recordEvent } from '../../integration-events/record-event';
import { startReceiver } from '../../integration-events/test-receiver';
import { WebhookWorker } from '../../integration-events/webhook-worker';

const FIRMA1_ADMIN = { username: 'integ-firma1', password: 'Admin1234!x' };
const t = useTestApp({
  prepare: async (t) => {
    await addTestUser(t.db, { ...FIRMA1_ADMIN, permissions: ['ADMINISTRATION'] });
  },
});
const demo = t.login(DEMO);
const filiale = t.login(FILIALE);
const firma1Admin = t.login(FIRMA1_ADMIN);

const base = '/api/v1/admin/integration';
const call = (who: ReturnType<typeof as>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  who({ method, url: `${base}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
const audit = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

const ROUTES: ['GET' | 'POST', string, unknown?][] = [
  ['GET', '/api-keys'],
  ['POST', '/api-keys', { name: 'x', scopes: ['events:read'] }],
  ['POST', '/api-keys/1/revoke'],
  ['GET', '/webhooks'],
  ['POST', '/webhooks', { url: 'http://127.0.0.1:9/x', events: ['*'] }],
  ['POST', '/webhooks/1/disable'],
  ['GET', '/webhooks/1/deliveries'],
  ['POST', '/webhook-deliveries/1/redeliver'],
];

describe('admin integration access', () => {
  it('refuses every route to a user without ADMINISTRATION (403) and to an admin of only some firmas', async () => {
    for (const [method, url, body] of ROUTES) {
      expect((await call(filiale, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      const partial = await call(firma1Admin, method, url, body);
      expect(partial.statusCode, `${method} ${url}`).toBe(403);
      expect(partial.json().message).toBe(ADMIN_INTEGRATION_MSG.allFirmasNeeded);
    }
    expect(await audit('api-key.create')).toHaveLength(0);
  });
});

describe('API keys in the admin area', () => {
  it('creates a key shown once, lists it without its secret, revokes it; each change is in the audit log', async () => {
    const created = await call(demo, 'POST', '/api-keys', { name: 'ERP Nord', scopes: ['events:read'] });
    expect(created.statusCode, created.body).toBe(201);
    const { id, key, prefix } = created.json();
    expect(key).toMatch(/^mde_/);
    expect(key.startsWith(prefix)).toBe(true);

    const listed = await call(demo, 'GET', '/api-keys');
    expect(listed.json().keys).toContainEqual(expect.objectContaining({ id, name: 'ERP Nord', revokedAt: null }));
    expect(listed.body).not.toContain(key);

    // The key works until it is revoked.
    const feed = () =>
      t.app.inject({ method: 'GET', url: '/api/integration/v1/events', headers: { authorization: `Bearer ${key}` } });
    expect((await feed()).statusCode).toBe(200);
    const revoked = await call(demo, 'POST', `/api-keys/${id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await feed()).statusCode).toBe(401);
    expect((await call(demo, 'POST', `/api-keys/${id}/revoke`)).statusCode).toBe(404);

    const [createEntry] = await audit('api-key.create');
    expect(createEntry).toEqual(expect.objectContaining({ object_id: String(id), actor: 'demo', firma_id: null }));
    expect(JSON.stringify(createEntry)).not.toContain(key);
    expect((await audit('api-key.revoke'))[0]?.object_id).toBe(String(id));
  });

  it('refuses a missing name or unknown scopes in German and creates nothing', async () => {
    const before = (await call(demo, 'GET', '/api-keys')).json().keys.length;
    for (const body of [
      { name: '   ', scopes: ['events:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['root'] },
      { scopes: ['events:read'] },
    ]) {
      const res = await call(demo, 'POST', '/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const [message] = Object.values(res.json().fields as Record<string, string>);
      expect([...Object.values(ADMIN_INTEGRATION_MSG), MSG.invalidValue]).toContain(message);
    }
    expect((await call(demo, 'GET', '/api-keys')).json().keys.length).toBe(before);
  });
});

describe('webhooks in the admin area', () => {
  it('creates, lists deliveries, redelivers and disables; each change is in the audit log without the secret', async () => {
    const receiver = await startReceiver();
    try {
      const created = await call(demo, 'POST', '/webhooks', { url: `${receiver.url}/erp`, events: ['*'] });
      expect(created.statusCode, created.body).toBe(201);
      const { id, secret } = created.json();
      expect(secret).toMatch(/^whsec_/);
      expect(JSON.stringify(await audit('webhook.create'))).not.toContain(secret);

      await t.db
        .transaction()
        .execute((trx) =>
          recordEvent(trx, { type: 'gift-card.moved', firmaId: 1, vkforgId: 11, userId: null, document: {} }),
        );
      await new WebhookWorker(t.db, { warn: () => undefined }).drain();
      const deliveries = (await call(demo, 'GET', `/webhooks/${id}/deliveries`)).json().deliveries;
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0].status).toBe('delivered');

      const again = await call(demo, 'POST', `/webhook-deliveries/${deliveries[0].id}/redeliver`);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().ok).toBe(true);
      expect(receiver.received).toHaveLength(2);
      expect((await audit('webhook.redeliver'))[0]?.object_id).toBe(String(deliveries[0].id));

      const disabled = await call(demo, 'POST', `/webhooks/${id}/disable`);
      expect(disabled.json().enabled).toBe(false);
      expect((await audit('webhook.disable'))[0]?.object_id).toBe(String(id));
    } finally {
      await receiver.close();
    }
  });

  it('refuses a bad URL in German and creates nothing', async () => {
    const before = (await call(demo, 'GET', '/webhooks')).json().length;
    const res = await call(demo, 'POST', '/webhooks', { url: 'ftp://erp', events: ['*'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/URL/);
    expect((await call(demo, 'GET', '/webhooks')).json().length).toBe(before);
    expect((await call(demo, 'GET', '/webhooks/999999/deliveries')).statusCode).toBe(404);
  });
});
