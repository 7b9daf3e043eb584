import { randomUUID } from 'node:crypto';
import { DOCUMENTS_MSG, INTEGRATION_MSG, type IntegrationDocument, type IntegrationEvent } from '@mde/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { FX } from '../../test/capture-fixtures';
import { insertErpFixtures } from '../../test/erp-fixtures';
import { withScopes } from '../../test/scoped-keys';
import { DEMO, useTestApp } from '../../test/test-app';
import { startReceiver } from '../../test/webhook-receiver';
import { WebhookWorker } from '../integration-events/webhook-worker';
import { findDocumentForErp, listDocumentsForErp } from './erp-documents.service';

// The ERP's documents (docs/integration.md#belege-herunterladen) and the ERP's own keys in the events and
// webhooks that carry them (docs/integration.md#erp-nummern).

const t = useTestApp({ prepare: (t) => insertErpFixtures(t.db) });
const demo = t.login(DEMO);
afterEach(async () => {
  await sql`update webhook_subscription set enabled = false`.execute(t.db);
});

const api = (url: string, headers: Record<string, string> = withScopes('events:read')) =>
  t.app.inject({ method: 'GET', url: `/api/integration/v1${url}`, headers });
const json = (method: 'PUT' | 'POST', url: string, payload: unknown, headers: Record<string, string> = {}) =>
  demo({
    method,
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });
const feedStart = async () => (await api('/events?limit=1000')).json().next as string;
const eventsAfter = async (after: string) =>
  (await api(`/events?after=${after}&limit=1000`)).json().events as IntegrationEvent[];

/** An Inventur of warehouse 1101 (L01) of store 11 (number 1100): 2 cartons of milk, 2.5 kg of cheese. */
async function exportInventory(belegdatum = '2026-11-28') {
  expect((await json('PUT', '/api/v1/captures/inventory-count/header', { lager: 1101, belegdatum })).statusCode).toBe(
    200,
  );
  const capturedAt = new Date().toISOString();
  for (const [articleId, quantity, unit] of [
    [FX.milk, 2, 'Karton'],
    [FX.cheese, 2.5, 'kg'],
  ] as const) {
    const line = { articleId, quantity, unit, capturedAt };
    expect((await json('PUT', `/api/v1/captures/inventory-count/lines/${randomUUID()}`, line)).statusCode).toBe(200);
  }
  const res = await json('POST', '/api/v1/captures/inventory-count/export', {}, { 'idempotency-key': randomUUID() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().documents[0] as { id: number; number: string };
}

/** A delivery note of supplier T-S1 for store 11, counted (1 carton of milk) and booked into warehouse 1101. */
async function bookDeliveryNote() {
  const receipt = await t.db
    .insertInto('goods_receipt')
    .values({
      firma_id: 1,
      vkforg_id: 11,
      supplier_id: FX.s1,
      number: `LS-${randomUUID().slice(0, 8)}`,
      reference_number: null,
      order_id: null,
      receipt_date: '2026-11-28',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(receipt.id);
  await t.db
    .insertInto('goods_receipt_line')
    .values({ receipt_id: id, line_no: 1, firma_id: 1, article_id: FX.milk, unit: 'Karton', factor: 6, quantity: 2 })
    .execute();
  const count = await json('PUT', `/api/v1/delivery-notes/${id}/counts/${FX.milk}`, {
    changeId: randomUUID(),
    quantity: 1,
  });
  expect(count.statusCode, count.body).toBe(200);
  const booked = await json('POST', `/api/v1/delivery-notes/${id}/booking`, { changeId: randomUUID() });
  expect(booked.statusCode, booked.body).toBe(200);
  return id;
}

describe('ERP keys', () => {
  it('an Inventur event names store, warehouse, articles and units as the import did, beside the ids', async () => {
    const start = await feedStart();
    const document = await exportInventory();
    const [event] = await eventsAfter(start);
    expect(event).toMatchObject({
      type: 'inventory-count.exported',
      firma: 1,
      vkforg: 11,
      erp: { firma: 1, vkforg: '1100' },
      documentId: `inventory-count-${document.id}`,
      document: {
        lager: 1101,
        erp: { firma: 1, vkforg: '1100', warehouse: 'L01', supplier: null },
      },
    });
    expect((event?.document as { lines?: unknown[] } | undefined)?.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ articleNumber: 'T900001', unit: 'Karton', quantity: 2, code: '14000000900014' }),
        expect.objectContaining({ articleNumber: 'T900003', unit: 'kg', quantity: 2.5, code: null }),
      ]),
    );
  });

  it('a delivery-note booking names its supplier and warehouse by their numbers', async () => {
    const start = await feedStart();
    const id = await bookDeliveryNote();
    const event = (await eventsAfter(start)).find((e) => e.type === 'delivery-note.booked');
    expect(event).toMatchObject({
      erp: { firma: 1, vkforg: '1100' },
      documentId: `delivery-note-${id}`,
      document: {
        supplierNumber: 'T-S1',
        warehouseId: 1101,
        erp: { firma: 1, vkforg: '1100', warehouse: 'L01', supplier: 'T-S1' },
        lines: [expect.objectContaining({ articleNumber: 'T900001', unit: 'Karton', quantity: 1 })],
      },
    });
  });

  it('webhook deliveries carry the same keys and the same document as the documents API', async () => {
    const receiver = await startReceiver();
    try {
      const subscribed = await t.app.inject({
        method: 'POST',
        url: '/api/integration/v1/webhooks',
        headers: { ...withScopes('webhooks:manage'), 'content-type': 'application/json' },
        payload: JSON.stringify({ url: receiver.url, events: ['inventory-count.exported', 'delivery-note.booked'] }),
      });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
      const document = await exportInventory();
      const noteId = await bookDeliveryNote();
      await new WebhookWorker(t.db, { warn: () => undefined }).drain();
      const sent = receiver.received.map((r) => JSON.parse(r.body).data as IntegrationEvent);
      expect(sent.map((e) => e.documentId)).toEqual([`inventory-count-${document.id}`, `delivery-note-${noteId}`]);
      for (const event of sent) {
        expect(event.erp).toEqual({ firma: 1, vkforg: '1100' });
        expect(event.document).toMatchObject({ erp: { firma: 1, vkforg: '1100', warehouse: 'L01' } });
        const fetched = (await api(`/documents/${event.documentId}`)).json() as IntegrationDocument;
        expect(fetched.document).toEqual(event.document);
      }
    } finally {
      await receiver.close();
    }
  });
});

describe('GET /documents/{id}', () => {
  it('needs a key (401) with the events:read scope (403)', async () => {
    for (const url of ['/documents', '/documents/inventory-count-1']) {
      const none = await api(url, {});
      expect(none.statusCode).toBe(401);
      expect(none.json().message).toBe(INTEGRATION_MSG.apiKeyMissing);
      expect((await api(url, withScopes())).statusCode).toBe(403);
      const other = await api(url, withScopes('webhooks:manage'));
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(INTEGRATION_MSG.scopeMissing);
    }
  });

  it('an unknown or malformed id is 404 in German', async () => {
    for (const id of [
      'inventory-count-999999999',
      'delivery-note-999999999',
      'unknown-module-1',
      'inventory-count-x',
    ]) {
      const res = await api(`/documents/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message, id).toBe(DOCUMENTS_MSG.notFound);
    }
    // A document of another module under this id is not it.
    const document = await exportInventory();
    expect((await api(`/documents/ordering-${document.id}`)).statusCode).toBe(404);
  });

  it('answers the event envelope with the very document of the event', async () => {
    const start = await feedStart();
    const document = await exportInventory();
    const [event] = await eventsAfter(start);
    const res = await api(`/documents/inventory-count-${document.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json() as IntegrationDocument;
    expect(body).toMatchObject({
      id: `inventory-count-${document.id}`,
      type: 'inventory-count.exported',
      firma: 1,
      vkforg: 11,
      erp: { firma: 1, vkforg: '1100' },
      user: { name: 'demo' },
    });
    expect(body.document).toEqual(event?.document);
    expect(body.time).toBe(event?.time);
  });

  it('a booked delivery note: the same document as its event', async () => {
    const start = await feedStart();
    const id = await bookDeliveryNote();
    const event = (await eventsAfter(start)).find((e) => e.type === 'delivery-note.booked');
    const body = (await api(`/documents/delivery-note-${id}`)).json() as IntegrationDocument;
    expect(body).toMatchObject({ id: `delivery-note-${id}`, type: 'delivery-note.booked', user: { name: 'demo' } });
    expect(body.document).toEqual(event?.document);
  });

  it('as CSV for German Excel: BOM, `;`, decimal comma, formulas as text, a German file name', async () => {
    await t.db.updateTable('article').set({ designation1: '=2+3 Testkäse' }).where('id', '=', FX.cheese).execute();
    try {
      const document = await exportInventory('2026-11-27');
      for (const asked of [{ accept: 'text/csv' }, { query: '?format=csv' }]) {
        const res = await api(`/documents/inventory-count-${document.id}${asked.query ?? ''}`, {
          ...withScopes('events:read'),
          ...(asked.accept ? { accept: asked.accept } : {}),
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="Inventur_1100_2026-11-27_${document.number}.csv"`,
        );
        const text = res.rawPayload.toString('utf8');
        expect(text.startsWith('\uFEFFFirma;Verkaufsorganisation;Lager;Lieferant;Belegart;Belegnummer;')).toBe(true);
        const rows = parse(text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
        expect(rows).toHaveLength(2);
        const cheese = rows.find((r) => r.Artikelnummer === 'T900003');
        expect(cheese).toMatchObject({
          Firma: '1',
          Verkaufsorganisation: '1100',
          Lager: 'L01',
          Belegart: 'Inventur',
          Belegnummer: document.number,
          Belegdatum: '2026-11-27',
          Bezeichnung: "'=2+3 Testkäse",
          Menge: '2,5',
          Einheit: 'kg',
          Position: expect.stringMatching(/^[12]$/),
        });
        expect(rows.find((r) => r.Artikelnummer === 'T900001')).toMatchObject({
          Menge: '2',
          Einheit: 'Karton',
          Faktor: '6',
          'EAN/GTIN': '14000000900014',
        });
      }
    } finally {
      await t.db.updateTable('article').set({ designation1: 'Testkäse' }).where('id', '=', FX.cheese).execute();
    }
  });

  it('a delivery note as CSV: expected, counted and difference per line, named after its date', async () => {
    const id = await bookDeliveryNote();
    const res = await api(`/documents/delivery-note-${id}?format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    const number = (await api(`/documents/delivery-note-${id}`)).json().document.number;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Lieferschein_1100_2026-11-28_${number}.csv"`,
    );
    const [row] = parse(res.rawPayload.toString('utf8'), { bom: true, delimiter: ';', columns: true }) as Record<
      string,
      string
    >[];
    expect(row).toMatchObject({ Lieferant: 'T-S1', Lager: 'L01', Soll: '2', Gezählt: '1', Differenz: '-1' });
  });
});

describe('GET /documents', () => {
  /** Documents made on a day long past, so the list's filters find only this test's. */
  async function documentsOn(day: string) {
    const inventory = [await exportInventory(), await exportInventory()];
    const noteId = await bookDeliveryNote();
    const at = `${day}T10:00:00+01:00`;
    for (const [i, d] of inventory.entries()) {
      await sql`update capture_document set created_at = ${at}::timestamptz + ${i} * interval '1 minute' where id = ${d.id}`.execute(
        t.db,
      );
    }
    await sql`update goods_receipt set booked_at = ${at}::timestamptz + interval '30 seconds' where id = ${noteId}`.execute(
      t.db,
    );
    return {
      ids: [`inventory-count-${inventory[0]?.id}`, `delivery-note-${noteId}`, `inventory-count-${inventory[1]?.id}`],
    };
  }

  it('lists every exported and booked document, also older than the feed, oldest first, page by page', async () => {
    const { ids } = await documentsOn('2025-03-10');
    const all = await api('/documents?from=2025-03-10&to=2025-03-10');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().documents.map((d: { id: string }) => d.id)).toEqual(ids);
    expect(all.json().next).toBeNull();
    expect(all.json().documents[0]).toMatchObject({
      type: 'inventory-count.exported',
      firma: 1,
      vkforg: 11,
      erp: { firma: 1, vkforg: '1100' },
      lineCount: 2,
    });

    const seen: string[] = [];
    let after = '';
    for (let page = 0; page < 5; page++) {
      const res = (await api(`/documents?from=2025-03-10&to=2025-03-10&limit=1&after=${after}`)).json();
      seen.push(...res.documents.map((d: { id: string }) => d.id));
      if (!res.next) break;
      after = res.next;
    }
    expect(seen).toEqual(ids);
  });

  it('filters by type, store, firma and day', async () => {
    const { ids } = await documentsOn('2025-04-02');
    const list = async (query: string) =>
      (await api(`/documents?from=2025-04-01&to=2025-04-03${query}`)).json().documents.map((d: { id: string }) => d.id);
    expect(await list('&types=delivery-note.booked')).toEqual([ids[1]]);
    expect(await list('&types=inventory-count.exported,ordering.exported')).toEqual([ids[0], ids[2]]);
    expect(await list('&vkforg=1100&firma=1')).toEqual(ids);
    expect(await list('&vkforg=1200')).toEqual([]);
    expect(await list('&firma=2')).toEqual([]);
    expect((await api('/documents?from=2025-04-03&to=2025-04-03')).json().documents).toEqual([]);
  });

  it('reads only the firmas it is handed (an API key limited to firmas)', async () => {
    const { ids } = await documentsOn('2025-05-05');
    const query = { from: '2025-05-05', to: '2025-05-05', limit: 100 };
    expect((await listDocumentsForErp(t.db, [1], query)).documents.map((d) => d.id)).toEqual(ids);
    expect((await listDocumentsForErp(t.db, [2], query)).documents).toEqual([]);
    expect((await listDocumentsForErp(t.db, [], query)).documents).toEqual([]);
    for (const id of ids) {
      await expect(findDocumentForErp(t.db, [2], id)).rejects.toMatchObject({ statusCode: 404 });
      expect((await findDocumentForErp(t.db, [1], id)).id).toBe(id);
    }
  });

  it('bad input is a German 400', async () => {
    for (const [query, message] of [
      ['?types=erp.unknown', DOCUMENTS_MSG.unknownType('erp.unknown')],
      ['?types=gift-card.moved', DOCUMENTS_MSG.unknownType('gift-card.moved')],
      ['?after=bm9wZQ', DOCUMENTS_MSG.invalidCursor],
      ['?from=2025-02-01&to=2025-01-01', DOCUMENTS_MSG.rangeReversed],
      ['?limit=0', DOCUMENTS_MSG.invalidLimit],
    ] as const) {
      const res = await api(`/documents${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
    expect((await api('/documents?from=gestern')).statusCode).toBe(400);
  });
});
