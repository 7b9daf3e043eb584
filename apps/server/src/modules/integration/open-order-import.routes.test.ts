import { INTEGRATION_MSG, MSG, QUANTITY_MSG, SAFE_INPUT_MSG, VALUE_MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../test/test-app';
import { createTestKey } from '../../test/test-keys';

// PUT /api/integration/v1/open-orders: a store's open purchase order lines, upserted by firma + store + order
// number + article number. Quantity 0 removes a line; ?full=true replaces the lines of the stores named.

let key: string;
let supplier: string;
const t = useTestApp({
  prepare: async (t) => {
    key = (await createTestKey(t.db, 'ERP', ['import:articles', 'import:stock'])).key;
    supplier = (await t.db.selectFrom('supplier').select('number').where('firma_id', '=', 1).executeTakeFirstOrThrow())
      .number;
  },
});
const demo = t.login(DEMO);

const put = (body: unknown, options: { headers?: Record<string, string>; kind?: string; query?: string } = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/integration/v1/${options.kind ?? 'open-orders'}${options.query ?? ''}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...options.headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** An article of firma 1 in pieces and cartons of 12, listed in stores 1100 (the demo user's) and 1200. */
async function freshArticle(number: string): Promise<number> {
  const res = await put(
    [
      {
        firma: 1,
        number,
        designation1: `Bestellartikel ${number}`,
        department: 'Getränke',
        baseUnit: 'ST',
        units: [
          { unit: 'ST', factor: 1 },
          { unit: 'KI', factor: 12 },
        ],
        suppliers: [{ supplier, supplierArticleNumber: `S-${number}`, orderUnit: 'KI', orderFactor: 12, isMain: true }],
        listings: [
          { vkforg: '1100', listedSince: '2024-01-01', targetStock: 120 },
          { vkforg: '1200', listedSince: '2024-01-01', targetStock: 60 },
        ],
      },
    ],
    { kind: 'articles' },
  );
  expect(res.json()).toMatchObject({ inserted: 1, rejected: 0 });
  return (
    await t.db
      .selectFrom('article')
      .select('id')
      .where('firma_id', '=', 1)
      .where('number', '=', number)
      .executeTakeFirstOrThrow()
  ).id;
}

const line = (article: string, orderNumber: string, overrides: Record<string, unknown> = {}) => ({
  firma: 1,
  vkforg: '1100',
  orderNumber,
  article,
  quantity: 4,
  unit: 'KI',
  supplier,
  orderDate: '2026-11-20',
  deliveryDate: '2026-12-02',
  ...overrides,
});

const openOrders = async (articleId: number) => {
  const res = await demo({ method: 'GET', url: `/api/v1/articles/${articleId}/open-orders` });
  expect(res.statusCode).toBe(200);
  return res.json() as { orderNumber: string; quantity: number; unit: string; deliveryDate: string | null }[];
};
const storedLines = (articleId: number) =>
  t.db
    .selectFrom('article_open_order')
    .select(['vkforg_id', 'order_number', 'quantity'])
    .where('article_id', '=', articleId)
    .orderBy('vkforg_id')
    .orderBy('order_number')
    .execute();

describe('PUT /api/integration/v1/open-orders', () => {
  it('imports order lines, writes nothing for an equal resend, updates a changed line; Artikel-Info and the order proposal count them', async () => {
    const id = await freshArticle('BST-1');
    const rows = [line('BST-1', 'B-1'), line('BST-1', 'B-2', { quantity: 1.5, unit: 'ST', deliveryDate: null })];
    const first = await put(rows);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ inserted: 2, updated: 0, unchanged: 0, removed: 0, rejected: 0, rejections: [] });
    expect(await openOrders(id)).toEqual([
      {
        orderNumber: 'B-1',
        supplierName: expect.any(String),
        orderDate: '2026-11-20',
        quantity: 4,
        unit: 'KI',
        deliveryDate: '2026-12-02',
      },
      {
        orderNumber: 'B-2',
        supplierName: expect.any(String),
        orderDate: '2026-11-20',
        quantity: 1.5,
        unit: 'ST',
        deliveryDate: null,
      },
    ]);
    // 4 cartons of 12 and 1.5 pieces on order: the proposal counts them in base units.
    const proposal = await demo({ method: 'GET', url: `/api/v1/captures/order-proposal/proposal/${id}` });
    expect(proposal.statusCode).toBe(200);
    expect(proposal.json()).toMatchObject({ openOrders: 49.5, target: 120 });

    const again = await put(rows);
    expect(again.json()).toEqual({ inserted: 0, updated: 0, unchanged: 2, removed: 0, rejected: 0, rejections: [] });

    const changed = await put([line('BST-1', 'B-1', { quantity: 3, deliveryDate: '2026-12-04' })]);
    expect(changed.json()).toMatchObject({ inserted: 0, updated: 1, unchanged: 0, removed: 0 });
    expect((await openOrders(id))[0]).toMatchObject({ orderNumber: 'B-1', quantity: 3, deliveryDate: '2026-12-04' });
  });

  it('removes a delivered line with quantity 0 (the other fields may be left out); sent again it is unchanged', async () => {
    const id = await freshArticle('BST-2');
    await put([line('BST-2', 'B-10'), line('BST-2', 'B-11')]);
    const removal = { firma: 1, vkforg: '1100', orderNumber: 'B-10', article: 'BST-2', quantity: 0 };
    expect((await put([removal])).json()).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 0,
      removed: 1,
      rejected: 0,
      rejections: [],
    });
    expect((await openOrders(id)).map((o) => o.orderNumber)).toEqual(['B-11']);
    expect((await put([removal])).json()).toMatchObject({ unchanged: 1, removed: 0 });
    // A full line with quantity 0 (as an ERP sends a line once it is delivered) removes it just the same.
    expect((await put([line('BST-2', 'B-11', { quantity: 0 })])).json()).toMatchObject({ removed: 1 });
    expect(await openOrders(id)).toEqual([]);
  });

  it('replaces the lines of the stores named with ?full=true, leaves other stores alone, and removes nothing when a row is refused', async () => {
    const id = await freshArticle('BST-3');
    await put([
      line('BST-3', 'B-20'),
      line('BST-3', 'B-21'),
      line('BST-3', 'B-22'),
      line('BST-3', 'B-29', { vkforg: '1200' }),
    ]);
    const linesOfStore = async (vkforgId: number) =>
      Number(
        (
          await t.db
            .selectFrom('article_open_order')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('vkforg_id', '=', vkforgId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The seed's open orders of store 1100 (other articles) and the three above.
    const before = await linesOfStore(11);
    const otherStore = await linesOfStore(12);
    expect(before).toBeGreaterThan(3);
    // The ERP's complete list of store 1100: B-21 is delivered and gone from it, so are the seed's lines; one
    // line is refused, so this time nothing is removed.
    const list = [line('BST-3', 'B-20'), line('BST-3', 'B-22', { quantity: 5 })];
    const refused = await put([...list, line('BST-3', 'B-23', { unit: 'PAL' })], { query: '?full=true' });
    expect(refused.json()).toMatchObject({ updated: 1, unchanged: 1, removed: 0, rejected: 1 });
    expect((await storedLines(id)).map((l) => l.order_number)).toEqual(['B-20', 'B-21', 'B-22', 'B-29']);
    expect(await linesOfStore(11)).toBe(before);

    const full = await put(list, { query: '?full=true' });
    expect(full.json()).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 2,
      removed: before - 2,
      rejected: 0,
      rejections: [],
    });
    expect(await linesOfStore(11)).toBe(2);
    expect(await linesOfStore(12)).toBe(otherStore);
    expect(await storedLines(id)).toEqual([
      { vkforg_id: 11, order_number: 'B-20', quantity: 4 },
      { vkforg_id: 11, order_number: 'B-22', quantity: 5 },
      { vkforg_id: 12, order_number: 'B-29', quantity: 4 },
    ]);
    // Without full, a request is a delta: lines it does not name stay.
    expect((await put([line('BST-3', 'B-20')])).json()).toMatchObject({ unchanged: 1, removed: 0 });
    expect(await storedLines(id)).toHaveLength(3);
    const bad = await put([], { query: '?full=ja' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses bad rows one by one with field and German reason, never a 500, and applies the good ones', async () => {
    const id = await freshArticle('BST-4');
    const ok = line('BST-4', 'B-30');
    const cases: [unknown, string, string][] = [
      [line('GIBT-ES-NICHT', 'B-31'), 'article', INTEGRATION_MSG.articleUnknown],
      [line('BST-4', 'B-31', { vkforg: '9999' }), 'vkforg', INTEGRATION_MSG.vkforgUnknown],
      [line('BST-4', 'B-31', { firma: 77 }), 'firma', INTEGRATION_MSG.keyNotForFirma],
      [line('BST-4', 'B-31', { supplier: 'L-UNBEKANNT' }), 'supplier', INTEGRATION_MSG.supplierUnknown],
      [line('BST-4', 'B-31', { unit: 'PAL' }), 'unit', INTEGRATION_MSG.unitUnknown],
      [line('BST-4', 'B-31', { quantity: -1 }), 'quantity', QUANTITY_MSG.notNegative],
      [line('BST-4', 'B-31', { quantity: 1.0005 }), 'quantity', QUANTITY_MSG.decimals],
      [line('BST-4', 'B-31', { quantity: 1_000_000_000 }), 'quantity', 'Höchstens 999.999.999'],
      [line('BST-4', 'B-31', { unit: undefined }), 'unit', 'Pflichtfeld'],
      [line('BST-4', 'B-31', { supplier: undefined }), 'supplier', 'Pflichtfeld'],
      [line('BST-4', 'B-31', { orderDate: undefined }), 'orderDate', 'Pflichtfeld'],
      [line('BST-4', 'B-31', { orderDate: '0000-11-20' }), 'orderDate', SAFE_INPUT_MSG.yearOutOfRange],
      [line('BST-4', 'B-31', { deliveryDate: '2026-02-30' }), 'deliveryDate', VALUE_MSG.date],
      [line('BST-4', 'B-31', { deliveryDate: '2026-11-19' }), 'deliveryDate', INTEGRATION_MSG.deliveryBeforeOrder],
      [line('BST-4', 'B\u000031'), 'orderNumber', 'Der Text enthält unzulässige Zeichen'],
      [line('BST-4', 'B-31', { unit: 'K\udc00' }), 'unit', 'Der Text enthält unzulässige Zeichen'],
      [line('BST-4', 'B-31', { orderNumber: 'B'.repeat(41) }), 'orderNumber', 'Höchstens 40 Zeichen'],
      [line('BST-4', 'B-31', { lieferant: 'x' }), 'lieferant', MSG.unknownField],
      [line('BST-4', 'B-30', { quantity: 9 }), '_', INTEGRATION_MSG.keyTwice],
    ];
    const res = await put([ok, ...cases.map(([row]) => row)]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      inserted: 1,
      updated: 0,
      unchanged: 0,
      removed: 0,
      rejected: cases.length,
      rejections: cases.map(([, field, message], i) => ({ index: i + 1, field, message })),
    });
    expect((await storedLines(id)).map((l) => [l.order_number, l.quantity])).toEqual([['B-30', 4]]);
  });

  it('answers a resend under the same Idempotency-Key with the first answer; full or not is part of the request', async () => {
    await freshArticle('BST-5');
    const headers = { 'idempotency-key': 'erp-bestellungen-1' };
    const first = await put([line('BST-5', 'B-40')], { headers });
    expect(first.json()).toMatchObject({ inserted: 1 });
    const again = await put([line('BST-5', 'B-40')], { headers });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await put([line('BST-5', 'B-40')], { headers, query: '?full=true' });
    expect(other.statusCode).toBe(422);
  });

  it('documents the request rows and the answer with examples in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const kind of ['turnover', 'open-orders']) {
      const op = doc.paths[`/api/integration/v1/${kind}`].put;
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      // The schemas' examples are the media types' `example` in an OpenAPI 3.0 document.
      // A JSON array of rows, or NDJSON: one row per line.
      for (const [type, shape] of [
        ['application/json', 'array'],
        ['application/x-ndjson', 'object'],
      ] as const) {
        const body = op.requestBody.content[type];
        expect(body.schema.type, `${kind} ${type}`).toBe(shape);
        expect(body.example).toBeDefined();
      }
      expect(op.responses['200'].content['application/json'].example).toHaveProperty('inserted');
    }
    const orders = doc.paths['/api/integration/v1/open-orders'].put;
    expect(Object.keys(orders.requestBody.content['application/json'].schema.items.properties)).toEqual(
      expect.arrayContaining(['firma', 'vkforg', 'orderNumber', 'article', 'quantity', 'unit', 'supplier']),
    );
    expect(orders.responses['200'].content['application/json'].schema.required).toContain('removed');
    expect(orders.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'full' }));
    const turnover = doc.paths['/api/integration/v1/turnover'].put;
    expect(turnover.requestBody.content['application/json'].schema.items.required).toEqual(
      expect.arrayContaining(['firma', 'article', 'vkforg', 'month', 'quantity', 'amountCents']),
    );
  });
});
