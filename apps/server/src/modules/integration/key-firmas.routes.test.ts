import { randomUUID } from 'node:crypto';
import { IMPORT_KIND_SCOPES, INTEGRATION_MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { createTestKey } from '../../test/test-keys';
import { startReceiver } from '../../test/webhook-receiver';
import { recordEvent } from '../integration-events/record-event';
import { WebhookWorker } from '../integration-events/webhook-worker';
import { IMPORTERS } from './integration.service';

// A key acts for the firmas it was made for (docs/administration.md#integration): its imports refuse the rows of
// other firmas, its feed and its webhooks hold only its firmas' events, and it reaches no other key's webhooks.

const importScopes = [...new Set(Object.values(IMPORT_KIND_SCOPES))];
const keys: Record<'nord' | 'sued' | 'beide', { id: number; key: string }> = {} as never;
const t = useTestApp({
  prepare: async (t) => {
    const scopes = [...importScopes, 'events:read', 'webhooks:manage'];
    keys.nord = await createTestKey(t.db, 'ERP Nord', scopes, [1]);
    keys.sued = await createTestKey(t.db, 'ERP Süd', scopes, [2]);
    keys.beide = await createTestKey(t.db, 'ERP beide', scopes, [1, 2]);
  },
});

const api = (who: keyof typeof keys, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/api/integration/v1${url}`,
    headers: {
      authorization: `Bearer ${keys[who].key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const record = (firmaId: number) =>
  t.db.transaction().execute((trx) =>
    recordEvent(trx, {
      type: 'storage-location.changed',
      firmaId,
      vkforgId: null,
      userId: null,
      document: { marker: randomUUID() },
    }),
  );

describe('imports with a key of one firma', () => {
  it('refuses a store of another firma row by row and takes the key’s own', async () => {
    const res = await api('nord', 'PUT', '/stores', [
      { firma: 2, vkforg: '2900', name: 'Fremde Filiale' },
      { firma: 1, vkforg: '1900', name: 'Eigene Filiale' },
      { firma: '2', vkforg: '2901', name: 'Als Text' },
      { firma: 77, vkforg: '7700', name: 'Unbekannte Firma' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ inserted: 1, rejected: 3 });
    expect(res.json().rejections).toEqual([
      { index: 0, field: 'firma', message: INTEGRATION_MSG.keyNotForFirma },
      { index: 2, field: 'firma', message: INTEGRATION_MSG.keyNotForFirma },
      { index: 3, field: 'firma', message: INTEGRATION_MSG.keyNotForFirma },
    ]);
    const stores = await t.db
      .selectFrom('vkforg')
      .select(['firma_id', 'vkforg'])
      .where('vkforg', 'like', '_90_')
      .execute();
    expect(stores).toEqual([{ firma_id: 1, vkforg: '1900' }]);

    // The key of both firmas imports both.
    const both = await api('beide', 'PUT', '/stores', [{ firma: 2, vkforg: '2902', name: 'Süd' }]);
    expect(both.json()).toMatchObject({ inserted: 1, rejected: 0 });
  });

  it('every importer, one added later too, gets the check before it reads a row', async () => {
    for (const kind of Object.keys(IMPORTERS)) {
      const res = await api('sued', 'PUT', `/${kind}`, [{ firma: 1 }]);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
      expect(res.json().rejections, kind).toEqual([
        { index: 0, field: 'firma', message: INTEGRATION_MSG.keyNotForFirma },
      ]);
      // A row of the key's firma passes the check (and is refused by the importer for what it lacks).
      const own = await api('sued', 'PUT', `/${kind}`, [{ firma: 2 }]);
      expect(own.json().rejections[0].message, kind).not.toBe(INTEGRATION_MSG.keyNotForFirma);
    }
  });
});

describe('events and webhooks of a key', () => {
  it('the feed holds only the events of the key’s firmas', async () => {
    const start = (await api('beide', 'GET', '/events?limit=1000')).json().next;
    await record(1);
    await record(2);
    await record(1);
    const firmasOf = async (who: keyof typeof keys) => {
      const res = await api(who, 'GET', `/events?after=${start}&limit=1000`);
      expect(res.statusCode).toBe(200);
      return res.json().events.map((e: { firma: number }) => e.firma);
    };
    expect(await firmasOf('nord')).toEqual([1, 1]);
    expect(await firmasOf('sued')).toEqual([2]);
    expect(await firmasOf('beide')).toEqual([1, 2, 1]);
  });

  it('a webhook made with a key gets the key’s firmas, delivers only theirs, and is audited with the key', async () => {
    const receiver = await startReceiver();
    try {
      const created = await api('nord', 'POST', '/webhooks', { url: `${receiver.url}/nord`, events: ['*'] });
      expect(created.statusCode, created.body).toBe(201);
      const { id, firmas, secret } = created.json();
      expect(firmas).toEqual([1]);
      const foreign = await api('nord', 'POST', '/webhooks', { url: receiver.url, events: ['*'], firmas: [1, 2] });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().message).toBe(INTEGRATION_MSG.webhookFirmasNotOfKey);
      const narrower = await api('beide', 'POST', '/webhooks', {
        url: `${receiver.url}/sued`,
        events: ['*'],
        firmas: [2],
      });
      expect(narrower.json().firmas).toEqual([2]);

      await record(2);
      await record(1);
      await new WebhookWorker(t.db, { warn: () => undefined }).drain();
      const byPath = (path: string) =>
        receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body).data.firma);
      expect(byPath('/nord')).toEqual([1]);
      expect(byPath('/sued')).toEqual([2]);

      // Another firma's key neither lists nor reaches it; the key of both firmas does.
      expect((await api('sued', 'GET', '/webhooks')).json().map((s: { id: number }) => s.id)).not.toContain(id);
      expect((await api('sued', 'GET', `/webhooks/${id}/deliveries`)).statusCode).toBe(404);
      expect((await api('sued', 'POST', `/webhooks/${id}/disable`)).statusCode).toBe(404);
      const delivery = (await api('nord', 'GET', `/webhooks/${id}/deliveries`)).json().deliveries[0];
      expect((await api('sued', 'POST', `/webhook-deliveries/${delivery.id}/redeliver`)).statusCode).toBe(404);
      expect((await api('nord', 'POST', `/webhook-deliveries/${delivery.id}/redeliver`)).statusCode).toBe(200);
      expect((await api('beide', 'GET', '/webhooks')).json().map((s: { id: number }) => s.id)).toContain(id);
      expect((await api('nord', 'POST', `/webhooks/${id}/disable`)).json().enabled).toBe(false);

      const entries = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('actor_api_key_id', '=', keys.nord.id)
        .where('action', 'like', 'webhook.%')
        .orderBy('id')
        .execute();
      expect(entries.map((e) => e.action)).toEqual(['webhook.create', 'webhook.redeliver', 'webhook.disable']);
      expect(entries[0]).toMatchObject({
        actor: `ERP Nord (${keys.nord.key.slice(0, 10)}…)`,
        object_id: String(id),
        firma_id: 1,
      });
      expect(JSON.stringify(entries)).not.toContain(secret);
    } finally {
      await receiver.close();
    }
  });
});
