import { INTEGRATION_MSG, QUANTITY_MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { createTestKey } from '../../test/test-keys';

let key: string;
const t = useTestApp({
  prepare: async (t) => {
    key = (await createTestKey(t.db, 'ERP', ['import:articles', 'import:stock', 'import:org'])).key;
  },
});

const put = (kind: string, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/integration/v1/${kind}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    payload: JSON.stringify(body),
  });

/** The stored stock of an article in warehouse L02 of vkforg 1100, or undefined. */
const storedStock = (articleId: number) =>
  t.db
    .selectFrom('article_stock')
    .select(['quantity', 'dispo_quantity', 'order_quantity'])
    .where('article_id', '=', articleId)
    .where('warehouse_id', '=', 1102)
    .executeTakeFirst();

describe('PUT /api/integration/v1/<kind> for the organisation', () => {
  it('answers an empty import, and one whose rows are all refused, with counts and writes nothing', async () => {
    for (const kind of ['stores', 'warehouses', 'storage-locations', 'suppliers']) {
      const empty = await put(kind, []);
      expect(empty.statusCode, `${kind}: ${empty.body}`).toBe(200);
      expect(empty.json()).toEqual({ inserted: 0, updated: 0, unchanged: 0, rejected: 0, rejections: [] });
      const refused = await put(kind, [{}]);
      expect(refused.statusCode, `${kind}: ${refused.body}`).toBe(200);
      expect(refused.json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 0, rejected: 1 });
    }
  });

  it('upserts stores, warehouses and storage locations by natural key, idempotently', async () => {
    const stores = [
      { firma: 1, vkforg: '1300', name: 'Kiel Hafen' },
      { firma: 1, vkforg: '1100', name: 'Hamburg-Altona' },
      { firma: 9, vkforg: '9900', name: 'Nirgendwo' },
    ];
    expect((await put('stores', stores)).json()).toMatchObject({ inserted: 1, updated: 0, unchanged: 1, rejected: 1 });
    expect((await put('stores', [{ firma: 1, vkforg: '1300', name: 'Kiel' }])).json()).toMatchObject({ updated: 1 });

    const warehouses = [
      { firma: 1, vkforg: '1300', number: 'L01', name: 'Verkaufsraum' },
      { firma: 1, vkforg: '1400', number: 'L01', name: 'Verkaufsraum' },
    ];
    const w = (await put('warehouses', warehouses)).json();
    expect(w).toMatchObject({ inserted: 1, rejected: 1 });
    expect(w.rejections[0]).toEqual({ index: 1, field: 'vkforg', message: INTEGRATION_MSG.vkforgUnknown });
    expect((await put('warehouses', warehouses.slice(0, 1))).json()).toMatchObject({ inserted: 0, unchanged: 1 });

    const locations = [
      { firma: 1, vkforg: '1300', warehouse: 'L01', code: '01-01-1', name: 'Regal 1', barcode: 'LPKIEL0001' },
      { firma: 1, vkforg: '1300', warehouse: 'L01', code: '01-01-2', name: 'Regal 2', barcode: 'LPKIEL0001' },
      { firma: 1, vkforg: '1300', warehouse: 'L09', code: '01-01-3', name: 'Regal 3' },
    ];
    const l = (await put('storage-locations', locations)).json();
    expect(l).toMatchObject({ inserted: 1, rejected: 2 });
    expect(l.rejections).toEqual([
      { index: 1, field: 'barcode', message: INTEGRATION_MSG.barcodeTaken },
      { index: 2, field: 'warehouse', message: INTEGRATION_MSG.warehouseUnknown },
    ]);
    expect((await put('storage-locations', locations.slice(0, 1))).json()).toMatchObject({ unchanged: 1 });
  });

  it('upserts suppliers and refuses a key twice in one request', async () => {
    const rows = [
      { firma: 2, number: 'L-NEU', name: 'Neuer Lieferant' },
      { firma: 2, number: 'L-NEU', name: 'Doppelt' },
    ];
    const res = (await put('suppliers', rows)).json();
    expect(res).toMatchObject({ inserted: 1, rejected: 1 });
    expect(res.rejections[0]).toEqual({ index: 1, field: '_', message: INTEGRATION_MSG.keyTwice });
  });

  it('upserts stock per article and warehouse; a change reaches the article cache timestamp, a resend writes nothing', async () => {
    const a = await t.db
      .selectFrom('article')
      .select(['id', 'number', 'updated_at'])
      .where('firma_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const row = {
      firma: 1,
      article: a.number,
      vkforg: '1100',
      warehouse: 'L02',
      quantity: 17.5,
      nextDelivery: '2026-12-01',
    };
    const first = (await put('stock', [row, { ...row, article: 'GIBT-ES-NICHT' }])).json();
    expect(first.inserted + first.updated).toBe(1);
    expect(first.rejections).toEqual([{ index: 1, field: 'article', message: INTEGRATION_MSG.articleUnknown }]);
    const stamp = async () =>
      (await t.db.selectFrom('article').select('updated_at').where('id', '=', a.id).executeTakeFirstOrThrow())
        .updated_at;
    const afterFirst = await stamp();
    expect(new Date(afterFirst).getTime()).toBeGreaterThan(new Date(a.updated_at).getTime());
    expect((await put('stock', [row])).json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(await stamp()).toEqual(afterFirst);
    const stock = await t.db
      .selectFrom('article_stock')
      .select(['quantity', 'next_delivery'])
      .where('article_id', '=', a.id)
      .where('warehouse_id', '=', 1102)
      .executeTakeFirstOrThrow();
    expect(stock).toEqual({ quantity: 17.5, next_delivery: '2026-12-01' });
  });

  it("refuses a stock figure with more than three decimals row by row with the app routes' reason, never rounding it", async () => {
    const a = await t.db
      .selectFrom('article')
      .select(['id', 'number'])
      .where('firma_id', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const row = { firma: 1, article: a.number, vkforg: '1100', warehouse: 'L02', quantity: 3 };
    const before = await storedStock(a.id);
    const res = await put('stock', [
      { ...row, quantity: 1.0005 },
      { ...row, dispoQuantity: -2.0005 },
      { ...row, orderQuantity: 0.0001 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      inserted: 0,
      updated: 0,
      rejected: 3,
      rejections: [
        { index: 0, field: 'quantity', message: QUANTITY_MSG.decimals },
        { index: 1, field: 'dispoQuantity', message: QUANTITY_MSG.decimals },
        { index: 2, field: 'orderQuantity', message: QUANTITY_MSG.decimals },
      ],
    });
    expect(await storedStock(a.id)).toEqual(before);
    // Negative stock (sold before the goods receipt was booked) with three decimals is taken as it is.
    expect((await put('stock', [{ ...row, quantity: -1.125 }])).json()).toMatchObject({ rejected: 0 });
    expect(await storedStock(a.id)).toMatchObject({ quantity: -1.125 });
  });

  it("words a bound as the app does (Höchstens 999.999.999), not as zod's sentence about types", async () => {
    const a = await t.db.selectFrom('article').select('number').where('firma_id', '=', 1).executeTakeFirstOrThrow();
    const row = { firma: 1, article: a.number, vkforg: '1100', warehouse: 'L02', quantity: 3 };
    const res = await put('stock', [
      { ...row, quantity: 1_000_000_000 },
      { ...row, quantity: -1_000_000_000 },
      { ...row, firma: 3_000_000_000 },
      { ...row, vkforg: 'V'.repeat(21) },
    ]);
    expect(res.json().rejections).toEqual([
      { index: 0, field: 'quantity', message: 'Höchstens 999.999.999' },
      { index: 1, field: 'quantity', message: 'Mindestens -999.999.999' },
      { index: 2, field: 'firma', message: 'Höchstens 2.147.483.647' },
      { index: 3, field: 'vkforg', message: 'Höchstens 20 Zeichen' },
    ]);
  });
});
