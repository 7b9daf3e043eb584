import { randomUUID } from 'node:crypto';
import {
  ARTICLE_MSG,
  DOCUMENT_IMPORT_MSG,
  type DocumentDetail,
  type DocumentSummary,
  deliveryNoteRoute,
  INTEGRATION_MSG,
  QUANTITY_MSG,
} from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../test/test-app';
import { createTestKey } from '../../test/test-keys';

// Documents from the ERP by API key (scope import:documents): purchase orders for Warenverprobung and delivery
// notes, one row per document with its lines, upserted by natural key and then seen in the app's own routes.

let documentsKey = '';
let otherKey = '';

// A GS1 check digit for any length (EAN-13 of 12 digits, GTIN-14 of 13).
const withCheckDigit = (body: string) => {
  const digits = [...body].reverse().map(Number);
  const sum = digits.reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
};
const PIECE_CODE = withCheckDigit('429000077001');
const CASE_CODE = withCheckDigit('1429000077001');

const t = useTestApp({
  prepare: async (t) => {
    documentsKey = (await createTestKey(t.db, 'ERP Belege', ['import:documents'])).key;
    otherKey = (await createTestKey(t.db, 'ERP Stamm', ['import:articles', 'import:stock', 'import:org'])).key;
    // The articles and the supplier the documents name, through the master data import.
    const put = (kind: string, rows: unknown[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/integration/v1/${kind}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${otherKey}` },
        payload: JSON.stringify(rows),
      });
    const suppliers = await put('suppliers', [
      { firma: 1, number: 'L-DOC-1', name: 'Belegfrucht GmbH' },
      { firma: 1, number: 'L-DOC-2', name: 'Zweitlieferant KG' },
    ]);
    expect(suppliers.json()).toMatchObject({ rejected: 0 });
    const listed = [{ vkforg: '1100', listedSince: '2026-01-01' }];
    const articles = await put('articles', [
      {
        firma: 1,
        number: 'DOC-1',
        designation1: 'Belegapfel',
        department: 'Obst',
        baseUnit: 'ST',
        units: [
          { unit: 'ST', factor: 1 },
          { unit: 'KI', factor: 12 },
        ],
        codes: [
          { code: PIECE_CODE, unit: 'ST' },
          { code: CASE_CODE, unit: 'KI' },
        ],
        listings: listed,
      },
      {
        firma: 1,
        number: 'DOC-2',
        designation1: 'Belegkohl',
        department: 'Gemüse',
        baseUnit: 'KG',
        units: [{ unit: 'KG', factor: 1 }],
        listings: listed,
      },
      // Listed in Lübeck only: not in Hamburg's catalogue.
      {
        firma: 1,
        number: 'DOC-3',
        designation1: 'Lübecker Marzipan',
        department: 'Süßwaren',
        baseUnit: 'ST',
        units: [{ unit: 'ST', factor: 1 }],
        listings: [{ vkforg: '1200', listedSince: '2026-01-01' }],
      },
    ]);
    expect(articles.json()).toMatchObject({ rejected: 0 });
  },
});
const demo = t.login(DEMO);

const put = (kind: string, body: unknown, key = documentsKey, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/integration/v1/${kind}`,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

let counter = 0;
const order = (overrides: Record<string, unknown> = {}) => ({
  firma: 1,
  vkforg: '1100',
  number: `45DOC${++counter}`,
  supplier: 'L-DOC-1',
  orderDate: '2026-12-01',
  deliveryDate: '2026-12-05',
  referenceNumber: 'AB-1',
  lines: [
    { article: 'DOC-1', unit: 'KI', quantity: 4 },
    { article: 'DOC-2', unit: 'KG', quantity: 12.5 },
  ],
  ...overrides,
});
const note = (overrides: Record<string, unknown> = {}) => ({
  firma: 1,
  vkforg: '1100',
  supplier: 'L-DOC-1',
  number: `LS-DOC-${++counter}`,
  date: '2026-12-05',
  lines: [
    { code: CASE_CODE, quantity: 4 },
    { article: 'DOC-2', unit: 'KG', quantity: 12.5 },
  ],
  ...overrides,
});

const searchOrder = async (number: string): Promise<DocumentSummary | undefined> => {
  const res = await demo({ method: 'GET', url: `/api/v1/belege?variante=BESTELLUNG&nummer=${number}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as DocumentSummary[]).find((d) => d.number === number);
};
const loadOrder = async (id: number): Promise<DocumentDetail> =>
  (await demo({ method: 'GET', url: `/api/v1/bestellung/${id}` })).json();
const listedNote = async (number: string): Promise<DocumentSummary | undefined> => {
  const res = await demo({ method: 'GET', url: '/api/v1/delivery-notes' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as DocumentSummary[]).find((d) => d.number === number);
};
const noticesOf = async (id: number) =>
  (await t.db.selectFrom('notification').where('route', '=', deliveryNoteRoute(id)).select('user_id').execute()).length;
/** A Warenverprobung capture of the demo user that names the document in its header. */
async function checkInApp(art: 'BESTELLUNG' | 'WARENUEBERNAHME', documentId: number) {
  const demoUser = await t.db
    .selectFrom('app_user')
    .where('username', '=', 'demo')
    .select(['id', 'account_id'])
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('capture')
    .values({
      firma_id: 1,
      vkforg_id: 11,
      account_id: demoUser.account_id,
      user_id: demoUser.id,
      module: 'goods-receipt-check',
      status: 'exported',
      art,
      document_id: documentId,
    })
    .execute();
}

describe('the OpenAPI document', () => {
  it('shows both kinds in the OpenAPI document with request and answer examples', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const kind of ['purchase-orders', 'delivery-notes']) {
      const op = doc.paths[`/api/integration/v1/${kind}`].put;
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      // OpenAPI 3.0: the one example of a body or an answer is its media type's `example`.
      const body = op.requestBody.content['application/json'];
      expect(body.schema.type).toBe('array');
      expect(body.schema.items.properties.lines.maxItems).toBe(2000);
      expect(body.example[0]).toMatchObject({ firma: 1, vkforg: '1100', lines: expect.any(Array) });
      const answer = op.responses['200'].content['application/json'];
      expect(answer.example).toMatchObject({ inserted: 1, rejections: [expect.any(Object)] });
    }
    // Every kind, master data or documents, takes its rows as JSON, NDJSON or its CSV file.
    for (const kind of ['articles', 'purchase-orders']) {
      expect(Object.keys(doc.paths[`/api/integration/v1/${kind}`].put.requestBody.content).sort()).toEqual([
        'application/json',
        'application/x-ndjson',
        'text/csv',
      ]);
    }
  });
});

describe('PUT /api/integration/v1/purchase-orders', () => {
  it('stores new orders, answers an unchanged resend as unchanged, updates a changed one; Warenverprobung sees them', async () => {
    const first = order({ barcode: 'BESTELLUNG:X1' });
    const second = order({ referenceNumber: null });
    const res = await put('purchase-orders', [first, second]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ inserted: 2, updated: 0, unchanged: 0, rejected: 0, rejections: [] });

    const found = await searchOrder(first.number);
    expect(found).toMatchObject({
      variante: 'BESTELLUNG',
      referenceNumber: 'AB-1',
      supplierNumber: 'L-DOC-1',
      supplierName: 'Belegfrucht GmbH',
      date: '2026-12-05',
      status: 'offen',
      barcode: 'BESTELLUNG:X1',
      lineCount: 2,
    });
    const detail = await loadOrder(found?.id ?? 0);
    expect(detail.lines.map((l) => [l.lineNo, l.articleNumber, l.unit, l.factor, l.quantity])).toEqual([
      [1, 'DOC-1', 'KI', 12, 4],
      [2, 'DOC-2', 'KG', 1, 12.5],
    ]);
    // The printed code finds it as the scan of Warenverprobung does.
    const scanned = await demo({
      method: 'GET',
      url: `/api/v1/bestellung/scan/${encodeURIComponent('BESTELLUNG:X1')}`,
    });
    expect(scanned.json()).toMatchObject({ id: found?.id, number: first.number });

    const again = await put('purchase-orders', [first, second]);
    expect(again.json()).toEqual({ inserted: 0, updated: 0, unchanged: 2, rejected: 0, rejections: [] });

    const changed = { ...first, deliveryDate: '2026-12-06', lines: [{ article: 'DOC-1', unit: 'ST', quantity: 30 }] };
    const third = await put('purchase-orders', [changed, second]);
    expect(third.json()).toEqual({ inserted: 0, updated: 1, unchanged: 1, rejected: 0, rejections: [] });
    const after = await loadOrder(found?.id ?? 0);
    expect(after).toMatchObject({ id: found?.id, date: '2026-12-06', lineCount: 1 });
    expect(after.lines.map((l) => [l.articleNumber, l.unit, l.factor, l.quantity])).toEqual([['DOC-1', 'ST', 1, 30]]);
  });

  it('refuses a change once Warenverprobung has named the order, and still takes the unchanged resend', async () => {
    const row = order();
    expect((await put('purchase-orders', [row])).json()).toMatchObject({ inserted: 1 });
    const found = await searchOrder(row.number);
    await checkInApp('BESTELLUNG', found?.id ?? 0);
    expect((await put('purchase-orders', [row])).json()).toMatchObject({ unchanged: 1, rejected: 0 });
    const changed = await put('purchase-orders', [{ ...row, lines: [{ article: 'DOC-2', unit: 'KG', quantity: 1 }] }]);
    expect(changed.json()).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 0,
      rejected: 1,
      rejections: [{ index: 0, field: '_', message: DOCUMENT_IMPORT_MSG.orderInProgress }],
    });
    expect((await loadOrder(found?.id ?? 0)).lineCount).toBe(2);
  });

  it('refuses each bad row on its own with field and German reason, and takes the good ones (never a 500)', async () => {
    const good = order();
    const twice = order();
    const line = (l: Record<string, unknown>) => ({ lines: [{ article: 'DOC-1', unit: 'ST', quantity: 1, ...l }] });
    const rows = [
      good,
      order({ firma: 77 }),
      order({ vkforg: '9999' }),
      order({ supplier: 'L-UNBEKANNT' }),
      order(line({ article: 'GIBT-ES-NICHT' })),
      order(line({ unit: 'PAL' })),
      order(line({ quantity: -2 })),
      order(line({ quantity: 1.0005 })),
      order(line({ quantity: 0 })),
      order(line({ article: 'DOC-3' })),
      order({ lines: [] }),
      order({ lines: Array.from({ length: 2001 }, () => ({ article: 'DOC-1', unit: 'ST', quantity: 1 })) }),
      order({ number: 'A\u0000B' }),
      order({ referenceNumber: 'x\ud800' }),
      order({ deliveryDate: '2026-11-30' }),
      order({ orderDate: '31.12.2026' }),
      twice,
      { ...twice, referenceNumber: 'AB-2' },
      order({ extra: 1 }),
      'kein Objekt',
    ];
    const res = await put('purchase-orders', rows);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ inserted: 2, updated: 0, unchanged: 0, rejected: rows.length - 2 });
    expect(body.rejections).toEqual([
      { index: 1, field: 'firma', message: INTEGRATION_MSG.keyNotForFirma },
      { index: 2, field: 'vkforg', message: INTEGRATION_MSG.vkforgUnknown },
      { index: 3, field: 'supplier', message: INTEGRATION_MSG.supplierUnknown },
      { index: 4, field: 'lines.0.article', message: INTEGRATION_MSG.articleUnknown },
      { index: 5, field: 'lines.0.unit', message: INTEGRATION_MSG.unitUnknown },
      { index: 6, field: 'lines.0.quantity', message: QUANTITY_MSG.positive },
      { index: 7, field: 'lines.0.quantity', message: QUANTITY_MSG.decimals },
      { index: 8, field: 'lines.0.quantity', message: QUANTITY_MSG.positive },
      { index: 9, field: 'lines.0.article', message: DOCUMENT_IMPORT_MSG.articleNotListed },
      { index: 10, field: 'lines', message: DOCUMENT_IMPORT_MSG.noLines },
      { index: 11, field: 'lines', message: DOCUMENT_IMPORT_MSG.tooManyLines },
      { index: 12, field: 'number', message: 'Der Text enthält unzulässige Zeichen' },
      { index: 13, field: 'referenceNumber', message: 'Der Text enthält unzulässige Zeichen' },
      { index: 14, field: 'deliveryDate', message: DOCUMENT_IMPORT_MSG.deliveryBeforeOrder },
      { index: 15, field: 'orderDate', message: expect.any(String) },
      { index: 17, field: '_', message: INTEGRATION_MSG.keyTwice },
      { index: 18, field: 'extra', message: 'Unbekanntes Feld' },
      { index: 19, field: '_', message: expect.any(String) },
    ]);
    expect(await searchOrder(good.number)).toBeDefined();
    expect(await searchOrder(twice.number)).toMatchObject({ referenceNumber: 'AB-1' });
  });

  it('takes NDJSON, and an Idempotency-Key resend gets the first answer', async () => {
    const rows = [order(), order()];
    const key = randomUUID();
    const ndjson = rows.map((r) => JSON.stringify(r)).join('\n');
    const first = await put('purchase-orders', ndjson, documentsKey, {
      'content-type': 'application/x-ndjson',
      'idempotency-key': key,
    });
    expect(first.json()).toMatchObject({ inserted: 2, rejected: 0 });
    const replay = await put('purchase-orders', ndjson, documentsKey, {
      'content-type': 'application/x-ndjson',
      'idempotency-key': key,
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
  });
});

describe('PUT /api/integration/v1/delivery-notes', () => {
  it('stores new notes (a case code counts in cases), tells the readers once, and resends change nothing', async () => {
    const orderRow = order({ supplier: 'L-DOC-1' });
    await put('purchase-orders', [orderRow]);
    const first = note({ orderNumber: orderRow.number, barcode: 'LS-CODE-1' });
    const res = await put('delivery-notes', [first]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ inserted: 1, updated: 0, unchanged: 0, rejected: 0, rejections: [] });

    const listed = await listedNote(first.number);
    expect(listed).toMatchObject({
      variante: 'WARENUEBERNAHME',
      status: 'offen',
      referenceNumber: orderRow.number,
      supplierName: 'Belegfrucht GmbH',
      date: '2026-12-05',
      barcode: 'LS-CODE-1',
      lineCount: 2,
    });
    const id = listed?.id ?? 0;
    const detail = (await demo({ method: 'GET', url: `/api/v1/delivery-notes/${id}` })).json();
    expect(
      detail.lines.map((l: { articleNumber: string; unit: string; expected: number }) => [
        l.articleNumber,
        l.unit,
        l.expected,
      ]),
    ).toEqual([
      ['DOC-1', 'KI', 4],
      ['DOC-2', 'KG', 12.5],
    ]);
    const linked = await t.db
      .selectFrom('goods_receipt')
      .where('id', '=', id)
      .select('order_id')
      .executeTakeFirstOrThrow();
    expect(linked.order_id).not.toBeNull();
    // Warenverprobung finds the goods receipt too.
    const search = await demo({ method: 'GET', url: `/api/v1/belege?variante=WARENUEBERNAHME&nummer=${first.number}` });
    expect((search.json() as DocumentSummary[]).map((d) => d.id)).toEqual([id]);
    const told = await noticesOf(id);
    expect(told).toBeGreaterThan(0);

    expect((await put('delivery-notes', [first])).json()).toMatchObject({ inserted: 0, unchanged: 1, rejected: 0 });
    const changed = { ...first, lines: [{ code: PIECE_CODE, quantity: 7 }] };
    expect((await put('delivery-notes', [changed])).json()).toMatchObject({ updated: 1, rejected: 0 });
    const after = (await demo({ method: 'GET', url: `/api/v1/delivery-notes/${id}` })).json();
    expect(after.lines.map((l: { unit: string; expected: number }) => [l.unit, l.expected])).toEqual([['ST', 7]]);
    // Only a new note is announced.
    expect(await noticesOf(id)).toBe(told);
  });

  it('keeps a note the app is counting, booking or checking: a change is refused, the same note is unchanged', async () => {
    const counted = note();
    const booked = note();
    const checked = note();
    expect((await put('delivery-notes', [counted, booked, checked])).json()).toMatchObject({ inserted: 3 });
    const countedId = (await listedNote(counted.number))?.id ?? 0;
    const scan = await demo({
      method: 'POST',
      url: `/api/v1/delivery-notes/${countedId}/scans`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ changeId: randomUUID(), code: PIECE_CODE }),
    });
    expect(scan.statusCode, scan.body).toBe(200);
    const bookedId = (await listedNote(booked.number))?.id ?? 0;
    const booking = await demo({
      method: 'POST',
      url: `/api/v1/delivery-notes/${bookedId}/booking`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ changeId: randomUUID() }),
    });
    expect(booking.statusCode, booking.body).toBe(200);
    await checkInApp('WARENUEBERNAHME', (await listedNote(checked.number))?.id ?? 0);

    const same = await put('delivery-notes', [counted, booked, checked]);
    expect(same.json()).toMatchObject({ unchanged: 3, rejected: 0 });
    const other = (n: typeof counted) => ({ ...n, date: '2026-12-06' });
    const changed = await put('delivery-notes', [other(counted), other(booked), other(checked)]);
    expect(changed.json()).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 0,
      rejected: 3,
      rejections: [
        { index: 0, field: '_', message: DOCUMENT_IMPORT_MSG.noteInProgress },
        { index: 1, field: '_', message: DOCUMENT_IMPORT_MSG.noteBooked },
        { index: 2, field: '_', message: DOCUMENT_IMPORT_MSG.noteInProgress },
      ],
    });
    expect(await listedNote(counted.number)).toMatchObject({ date: '2026-12-05', status: 'in Prüfung' });
  });

  it('refuses bad lines on their own: unknown code or article, a unit not of the article or not of the code', async () => {
    const good = note();
    const rows = [
      good,
      note({ lines: [{ code: withCheckDigit('429000077999'), quantity: 1 }] }),
      note({ lines: [{ code: `${PIECE_CODE.slice(0, -1)}${(Number(PIECE_CODE.at(-1)) + 1) % 10}`, quantity: 1 }] }),
      note({ lines: [{ article: 'NIRGENDS', unit: 'ST', quantity: 1 }] }),
      note({ lines: [{ article: 'DOC-2', unit: 'ST', quantity: 1 }] }),
      note({ lines: [{ code: CASE_CODE, unit: 'ST', quantity: 1 }] }),
      note({ lines: [{ article: 'DOC-1', code: PIECE_CODE, unit: 'ST', quantity: 1 }] }),
      note({ lines: [{ quantity: 1 }] }),
      note({ lines: [{ article: 'DOC-1', quantity: 1 }] }),
      note({ lines: [{ code: PIECE_CODE, quantity: 2.0001 }] }),
      note({ supplier: 'L-UNBEKANNT' }),
      note({ number: good.number }),
      note({ number: good.number, supplier: 'L-DOC-2' }),
    ];
    const res = await put('delivery-notes', rows);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rejections).toEqual([
      { index: 1, field: 'lines.0.code', message: ARTICLE_MSG.articleNotFound },
      { index: 2, field: 'lines.0.code', message: ARTICLE_MSG.checkDigitInvalid },
      { index: 3, field: 'lines.0.article', message: INTEGRATION_MSG.articleUnknown },
      { index: 4, field: 'lines.0.unit', message: INTEGRATION_MSG.unitUnknown },
      { index: 5, field: 'lines.0.unit', message: DOCUMENT_IMPORT_MSG.unitOfCode },
      { index: 6, field: 'lines.0.article', message: DOCUMENT_IMPORT_MSG.articleOrCode },
      { index: 7, field: 'lines.0.article', message: DOCUMENT_IMPORT_MSG.articleOrCode },
      { index: 8, field: 'lines.0.unit', message: 'Pflichtfeld' },
      { index: 9, field: 'lines.0.quantity', message: QUANTITY_MSG.decimals },
      { index: 10, field: 'supplier', message: INTEGRATION_MSG.supplierUnknown },
      { index: 11, field: '_', message: INTEGRATION_MSG.keyTwice },
    ]);
    // The same note number from another supplier is another note.
    expect(res.json()).toMatchObject({ inserted: 2, rejected: 11 });
  });
});
