import { randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_MSG,
  IMPORT_KIND_SCOPES,
  IMPORT_KINDS_IN_ORDER,
  type StorageLocation,
} from '@mde/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GIFT_CARDS } from '../seed/gift-cards-seed';
import { FX, insertFixtures } from '../test/capture-fixtures';
import { as, createTestApp, DEMO, loginAs, type TestApp } from '../test/test-app';
import { createTestKey } from '../test/test-keys';
import { addTestUser } from '../test/test-users';

// Every route that takes an Idempotency-Key, found in the OpenAPI document: the same key with the same
// request answers the first answer (saying so: idempotent-replayed: true), with another request a German 422,
// and from another user it is that user's own key.

type Request = ReturnType<typeof as>;
type Call = Pick<InjectOptions, 'method' | 'url'> & { body?: unknown; headers?: Record<string, string> };
/** A fresh request for one user, and another request that must not reuse its key. */
type Make = (user: Request) => Promise<{ first: Call; other: Call }>;

let t: TestApp;
let demo: Request;
let second: Request;
let supplierNumber = '';
let articleCode = '';
let locations: StorageLocation[] = [];
let counter = 0;
/** The ERP's API keys: one for demo's cases, one for the second user's, i.e. two clients. */
const erpKeys = new Map<Request, string>();

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const send = (user: Request, call: Call, key: string) =>
  user({
    method: call.method,
    url: call.url,
    headers: {
      ...call.headers,
      [IDEMPOTENCY_HEADER]: key,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
  });

async function freshAssignment(user: Request) {
  const location = locations[counter++];
  if (!location) throw new Error('no empty location left');
  const res = await user({
    method: 'POST',
    url: `/api/v1/storage-locations/${location.id}/articles`,
    ...json({ articleId: 11, quantity: 5, minQuantity: 2, maxQuantity: 10 }),
  });
  expect(res.statusCode).toBe(201);
  return { url: `/api/v1/storage-locations/${location.id}/articles/11`, version: res.json().version as number };
}

/** What each capture module needs in its header before it takes lines. */
async function captureHeader(module: string): Promise<Record<string, unknown> | undefined> {
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  if (module === 'ordering') return { datum: day };
  if (module === 'inventory-count') return { lager: 1101, belegdatum: '2026-11-21' };
  if (module === 'returns') return { belegdatum: '2026-11-21', supplierId: FX.s2 };
  if (module === 'goods-receipt-check') {
    const orders = (await demo({ method: 'GET', url: '/api/v1/belege?variante=BESTELLUNG' })).json();
    return { art: 'BESTELLUNG', documentId: orders[0]?.id };
  }
  return undefined;
}

const lineExtra = (module: string) => (module === 'returns' ? { reason: 'defekt' } : {});

/** A capture module's export: one line counted, then exported (the other request asks for EDI). */
const captureExport =
  (module: string): Make =>
  async (user) => {
    const header = await captureHeader(module);
    if (header) {
      const res = await user({ method: 'PUT', url: `/api/v1/captures/${module}/header`, ...json(header) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const line = await user({
      method: 'PUT',
      url: `/api/v1/captures/${module}/lines/${randomUUID()}`,
      ...json({ articleId: FX.milk, quantity: 2, capturedAt: new Date().toISOString(), ...lineExtra(module) }),
    });
    expect(line.statusCode, line.body).toBe(200);
    // Ordering asks whether to send by EDI; the other modules take the flag and ignore it.
    const body = module === 'ordering' ? { edi: false } : {};
    const first = { method: 'POST' as const, url: `/api/v1/captures/${module}/export`, body };
    return { first, other: { ...first, body: { edi: true } } };
  };

/**
 * A master-data import by API key (the session cookie `user` sends is not looked at there): an empty import,
 * and for the second client a row that is refused, so the two answers differ.
 */
const integrationImport =
  (kind: string): Make =>
  async (user) => {
    const headers = { authorization: `Bearer ${erpKeys.get(user)}` };
    const url = `/api/integration/v1/${kind}`;
    const first = { method: 'PUT' as const, url, headers, body: user === demo ? [] : [{}] };
    return { first, other: { ...first, body: [{ firma: 1 }] } };
  };

const CASES: Record<string, Make> = {
  ...Object.fromEntries(
    IMPORT_KINDS_IN_ORDER.map((kind) => [`PUT /api/integration/v1/${kind}`, integrationImport(kind)]),
  ),
  ...Object.fromEntries(
    ['order-proposal', 'ordering', 'inventory-count', 'returns', 'article-stock', 'goods-receipt-check'].map((m) => [
      `POST /api/v1/captures/${m}/export`,
      captureExport(m),
    ]),
  ),
  'POST /api/v1/delivery-notes/': async () => {
    const note = {
      supplierNumber,
      number: `IDEM-${Date.now()}-${++counter}`,
      date: '2026-11-27',
      vkforgId: 11,
      lines: [{ articleCode, quantity: 12 }],
    };
    const first = { method: 'POST' as const, url: '/api/v1/delivery-notes', body: note };
    return { first, other: { ...first, body: { ...note, lines: [{ articleCode, quantity: 13 }] } } };
  },
  'POST /api/v1/storage-locations/{id}/articles': async () => {
    const location = locations[counter++];
    const url = `/api/v1/storage-locations/${location?.id}/articles`;
    const values = { articleId: 12, quantity: 5, minQuantity: 2, maxQuantity: 10 };
    return {
      first: { method: 'POST', url, body: values },
      other: { method: 'POST', url, body: { ...values, quantity: 6 } },
    };
  },
  'PUT /api/v1/storage-locations/{id}/articles/{articleId}': async (user) => {
    const { url, version } = await freshAssignment(user);
    const values = { quantity: 7, minQuantity: 2, maxQuantity: 10, version };
    return {
      first: { method: 'PUT', url, body: values },
      other: { method: 'PUT', url, body: { ...values, quantity: 8 } },
    };
  },
  'DELETE /api/v1/storage-locations/{id}/articles/{articleId}': async (user) => {
    const { url, version } = await freshAssignment(user);
    return {
      first: { method: 'DELETE', url: `${url}?version=${version}` },
      other: { method: 'DELETE', url: `${url}?version=${version + 1}` },
    };
  },
  'POST /api/v1/coupon-card/coupon-card': async () => {
    const body = {
      type: DEMO_GIFT_CARDS.firma1Full.type,
      code: DEMO_GIFT_CARDS.firma1Full.code,
      action: 'REDEEM',
      amount: 1,
    };
    const first = { method: 'POST' as const, url: '/api/v1/coupon-card/coupon-card', body };
    return { first, other: { ...first, body: { ...body, amount: 2 } } };
  },
};

beforeAll(async () => {
  t = await createTestApp({ PUSH_WORKER: 'false' });
  await insertFixtures(t.db);
  demo = as(t.app, await loginAs(t.app, DEMO));
  // A second user with demo's rights in demo's vkforg.
  const demoId = (
    await t.db.selectFrom('app_user').where('username', '=', 'demo').select('id').executeTakeFirstOrThrow()
  ).id;
  const rights = await t.db.selectFrom('user_permission').where('user_id', '=', demoId).select('permission').execute();
  const id = await addTestUser(t.db, {
    username: 'idem-second',
    password: 'Zweiter1234!x',
    permissions: rights.map((r) => r.permission),
    vkforgs: [11],
  });
  const roles = await t.db.selectFrom('user_role').where('user_id', '=', demoId).select('role').execute();
  if (roles.length > 0)
    await t.db
      .insertInto('user_role')
      .values(roles.map((r) => ({ user_id: id, role: r.role })))
      .execute();
  second = as(t.app, await loginAs(t.app, { username: 'idem-second', password: 'Zweiter1234!x' }));
  const scopes = [...new Set(Object.values(IMPORT_KIND_SCOPES))];
  erpKeys.set(demo, (await createTestKey(t.db, 'ERP A', scopes)).key);
  erpKeys.set(second, (await createTestKey(t.db, 'ERP B', scopes)).key);

  supplierNumber = (
    await t.db.selectFrom('supplier').where('firma_id', '=', 1).select('number').orderBy('id').executeTakeFirstOrThrow()
  ).number;
  articleCode = (
    await t.db
      .selectFrom('article as a')
      .innerJoin('article_listing as l', (j) => j.onRef('l.article_id', '=', 'a.id').on('l.vkforg_id', '=', 11))
      .select('a.number')
      .orderBy('a.id')
      .executeTakeFirstOrThrow()
  ).number;
  const listed = await demo({ method: 'GET', url: '/api/v1/storage-locations' });
  locations = (listed.json() as StorageLocation[]).filter((l) => l.articleCount === 0);
});
afterAll(() => t.close());

async function keyedOperations() {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  const keyed: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation.parameters?.some((p) => p.in === 'header' && p.name === IDEMPOTENCY_HEADER)) {
        keyed.push(`${method.toUpperCase()} ${path}`);
      }
    }
  }
  return keyed.sort();
}

describe('Idempotency-Key on every route that takes one', () => {
  it('the OpenAPI document names the keyed routes, and each has a case here', async () => {
    expect(await keyedOperations()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.keys(CASES))(
    '%s: same key and request → the first answer; other request → 422; other user → own key',
    async (route) => {
      const make = CASES[route] as Make;
      const key = `idem-${randomUUID()}`;
      const { first, other } = await make(demo);
      const answer = await send(demo, first, key);
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      expect(answer.headers['idempotent-replayed']).toBeUndefined();
      const again = await send(demo, first, key);
      expect(again.statusCode).toBe(answer.statusCode);
      expect(again.body).toBe(answer.body);
      expect(again.headers['idempotent-replayed']).toBe('true');

      const reused = await send(demo, other, key);
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.headers['content-type']).toMatch(/^application\/json/);
      expect(reused.json()).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: expect.stringMatching(/Idempotency-Key|Änderungsschlüssel/),
      });

      // The same key from another user is that user's: a request of their own, answered for them.
      const theirs = await make(second);
      const own = await send(second, theirs.first, key);
      expect(own.statusCode, own.body).toBeLessThan(300);
      expect(own.headers['idempotent-replayed']).toBeUndefined();
      if (answer.body) expect(own.body).not.toBe(answer.body);
    },
  );

  it('the German message of a reused key', () => {
    expect(IDEMPOTENCY_MSG.keyReused).toMatch(/^Dieser Idempotency-Key/);
  });
});
