import { DELIVERY_NOTE_MSG, MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { as, FILIALE, loginAs, useTestApp } from '../../test/test-app';
import { addTestUser } from '../../test/test-users';

// docs/spec.md §6 on the server: the documents (Bestellung, Warenübernahme, Belege, loadKopf) are Warenverprobung's
// and need WARENVERPROBUNG; the delivery notes need SOFTAPPS.DELIVERY_NOTE_EDIT to change anything
// (WARENVERPROBUNG opens them read-only); filiale has neither and is refused everywhere. Every operation of
// both modules is taken from the OpenAPI document, so a route added later is covered too.

const PASSWORD = 'Lager1234!x';
type Operation = { method: string; url: string; tag: string };
let operations: Operation[] = [];

async function addUser(username: string, permissions: string[]) {
  await addTestUser(t.db, { username, password: PASSWORD, permissions });
  return as(t.app, await loginAs(t.app, { username, password: PASSWORD }));
}

/** A path of the OpenAPI document with its parameters filled in (ids of demo documents where it matters). */
const fill = (path: string, document: { id: number; number: string }) =>
  path
    .replace('{code}', encodeURIComponent(document.number))
    .replace('{id}', String(document.id))
    .replace('{articleId}', '1')
    .replace('{clientId}', '00000000-0000-4000-8000-000000000001');

let order = { id: 0, number: '' };
let receipt = { id: 0, number: '' };
const t = useTestApp({
  env: { PUSH_WORKER: 'false' },
  prepare: async (t) => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const firstOf = async (table: 'purchase_order' | 'goods_receipt') => {
      const row = await t.db
        .selectFrom(table)
        .where('vkforg_id', '=', 11)
        .select(['id', 'number'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), number: row.number };
    };
    order = await firstOf('purchase_order');
    receipt = await firstOf('goods_receipt');
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const tag = op.tags?.[0] ?? '';
        const isCheckCapture = tag === 'captures' && path.includes('/captures/goods-receipt-check');
        if (tag !== 'receiving-documents' && tag !== 'delivery-notes' && !isCheckCapture) continue;
        const document = path.includes('bestellung') ? order : receipt;
        operations.push({
          method: method.toUpperCase(),
          url: fill(path, document),
          tag: isCheckCapture ? 'goods-receipt-check' : tag,
        });
      }
    }
    operations = operations.map((o) =>
      o.url.includes('/belege') && o.method === 'GET' && !o.url.endsWith('/offline')
        ? { ...o, url: `${o.url}?variante=BESTELLUNG` }
        : o,
    );
  },
});

const call = (request: ReturnType<typeof as>, o: Operation) =>
  request({
    method: o.method as 'GET',
    url: o.url,
    ...(o.method === 'GET' || o.method === 'DELETE'
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: '{}' }),
  });
const ofTag = (tag: string) => operations.filter((o) => o.tag === tag);
const isRead = (o: Operation) => o.method === 'GET';

describe('permissions of the documents and the delivery notes (spec §6)', () => {
  it('finds the operations of both modules', () => {
    const documents = ofTag('receiving-documents').map((o) =>
      o.url.replace(order.number, 'CODE').replace(receipt.number, 'CODE').replace(/\d+/g, 'N'),
    );
    expect(documents).toEqual(
      expect.arrayContaining([
        '/api/vN/belege?variante=BESTELLUNG',
        '/api/vN/belege/offline',
        '/api/vN/bestellung/scan/CODE',
        '/api/vN/warenuebernahme/scan/CODE',
        '/api/vN/bestellung/N',
        '/api/vN/warenuebernahme/N',
      ]),
    );
    expect(ofTag('delivery-notes').length).toBeGreaterThanOrEqual(7);
    expect(ofTag('goods-receipt-check').length).toBeGreaterThanOrEqual(4);
  });

  it('refuses every document route to a user without WARENVERPROBUNG, in German', async () => {
    const editor = await addUser('ls-only', ['SOFTAPPS.DELIVERY_NOTE_EDIT', 'ARTIKELINFO']);
    for (const o of [...ofTag('receiving-documents'), ...ofTag('goods-receipt-check')]) {
      const res = await call(editor, o);
      expect(res.statusCode, `${o.method} ${o.url}`).toBe(403);
      expect(res.json().message, `${o.method} ${o.url}`).toBe(MSG.forbidden);
    }
    // The delivery notes stay open to the editor.
    expect((await editor({ method: 'GET', url: '/api/v1/delivery-notes' })).statusCode).toBe(200);
  });

  it('lets a WARENVERPROBUNG-only user use the documents; the delivery notes only to read, every change 403', async () => {
    const checker = await addUser('wv-only', ['WARENVERPROBUNG']);
    for (const o of ofTag('receiving-documents')) {
      const res = await call(checker, o);
      expect(res.statusCode, `${o.method} ${o.url}`).toBe(200);
    }
    expect((await checker({ method: 'GET', url: '/api/v1/captures/goods-receipt-check' })).statusCode).toBe(200);
    for (const o of ofTag('delivery-notes')) {
      const res = await call(checker, o);
      if (isRead(o) && o.url.includes('/download')) {
        // Let through to the note, which is not booked yet and so is no document to download.
        expect(res.statusCode, `${o.method} ${o.url}`).toBe(404);
        expect(res.json().message).toBe(DELIVERY_NOTE_MSG.notFound);
      } else if (isRead(o)) {
        expect(res.statusCode, `${o.method} ${o.url}`).toBe(200);
      } else {
        expect(res.statusCode, `${o.method} ${o.url}`).toBe(403);
        expect(res.json().message).toBe(MSG.forbidden);
      }
    }
  });

  it('refuses filiale on every route of both modules, in German', async () => {
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    for (const o of operations) {
      const res = await call(filiale, o);
      expect(res.statusCode, `${o.method} ${o.url}`).toBe(403);
      expect(res.json().message, `${o.method} ${o.url}`).toBe(MSG.forbidden);
    }
  });
});
