import { randomUUID } from 'node:crypto';
import {
  type DocumentDetail,
  type DocumentSummary,
  GOODS_RECEIPT_CHECK_MSG,
  type GoodsReceiptCheckResult,
  HEADER_LOAD_FAILED,
} from '@mde/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { as, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp();
const demo = t.login(DEMO);
beforeEach(async () => {
  await t.db.deleteFrom('capture_line').execute();
  await t.db.deleteFrom('capture_document').execute();
  await t.db.deleteFrom('capture').execute();
});

const base = '/api/v1/captures/goods-receipt-check';
const json = (method: 'PUT' | 'POST', url: string, payload: unknown, headers: Record<string, string> = {}) =>
  demo({ method, url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
const count = (articleId: number, quantity: number, unit: string) =>
  json('PUT', `${base}/lines/${randomUUID()}`, { articleId, quantity, unit, capturedAt: new Date().toISOString() });
const exportIt = () => json('POST', `${base}/export`, {}, { 'idempotency-key': randomUUID() });

async function firstOrders(): Promise<DocumentDetail[]> {
  const list: DocumentSummary[] = (await demo({ method: 'GET', url: '/api/v1/belege?variante=BESTELLUNG' })).json();
  return Promise.all(
    list.slice(0, 2).map(async (o) => (await demo({ method: 'GET', url: `/api/v1/bestellung/${o.id}` })).json()),
  );
}

describe('Warenverprobung through the capture engine', () => {
  it('keeps art and the document in the header; lines need them first', async () => {
    const early = await count(1, 1, 'Stück');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(GOODS_RECEIPT_CHECK_MSG.headerMissing);
    const [order] = await firstOrders();
    const res = await json('PUT', `${base}/header`, { art: 'BESTELLUNG', documentId: order?.id });
    expect(res.statusCode).toBe(200);
    expect((await demo({ method: 'GET', url: base })).json().header).toMatchObject({
      art: 'BESTELLUNG',
      documentId: order?.id,
    });
    const bad = await json('PUT', `${base}/header`, { art: 'LIEFERSCHEIN' });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the comparison: missing, surplus, deviating and matching lines, with the tolerance', async () => {
    const [order, other] = await firstOrders();
    if (!order || !other) throw new Error('no demo orders');
    const [exactLine, deviatingLine, toleratedLine, ...rest] = order.lines;
    const surplus = other.lines.find((l) => !order.lines.some((o) => o.articleId === l.articleId));
    if (!exactLine || !deviatingLine || !toleratedLine || !surplus) throw new Error('order too short');
    await t.db
      .updateTable('module_config')
      .set({ config_value: '1' })
      .where('firma_id', '=', 1)
      .where('config_key', '=', 'TOLERANZ_MENGE')
      .execute();
    await json('PUT', `${base}/header`, { art: 'BESTELLUNG', documentId: order.id });
    for (const [l, q] of [
      [exactLine, exactLine.quantity],
      [deviatingLine, deviatingLine.quantity + 3],
      [toleratedLine, toleratedLine.quantity - 1],
      [surplus, 2],
    ] as const) {
      const res = await count(l.articleId, q, l.unit);
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await exportIt();
    expect(res.statusCode, res.body).toBe(200);
    const [document] = res.json().documents;
    expect(document.number).toMatch(/^WV-\d{4}-\d{6}$/);
    expect(document.supplierId).toBe(order.supplierId);
    const result: GoodsReceiptCheckResult = document.result;
    expect(result).toMatchObject({
      kind: 'goods-receipt-check',
      variante: 'BESTELLUNG',
      documentId: order.id,
      documentNumber: order.number,
      tolerance: { percent: 10, absolute: 1 },
    });
    const status = new Map(result.rows.map((r) => [r.articleId, r]));
    expect(status.get(exactLine.articleId)).toMatchObject({ status: 'ok', difference: 0 });
    expect(status.get(deviatingLine.articleId)).toMatchObject({ status: 'deviating', difference: 3 });
    expect(status.get(toleratedLine.articleId)).toMatchObject({ status: 'ok', withinTolerance: true });
    expect(status.get(surplus.articleId)).toMatchObject({ status: 'surplus', expected: 0, counted: 2 });
    for (const l of rest) expect(status.get(l.articleId)).toMatchObject({ status: 'missing', counted: 0 });
    // The stored document answers the same comparison.
    const stored = (await demo({ method: 'GET', url: `${base}/documents/${document.id}` })).json();
    expect(stored.result).toEqual(result);
  });

  it('a goods receipt is checked against its delivered quantities', async () => {
    const [receipt] = (await demo({ method: 'GET', url: '/api/v1/belege?variante=WARENUEBERNAHME' })).json();
    const detail: DocumentDetail = (await demo({ method: 'GET', url: `/api/v1/warenuebernahme/${receipt.id}` })).json();
    await json('PUT', `${base}/header`, { art: 'WARENUEBERNAHME', documentId: detail.id });
    for (const l of detail.lines) await count(l.articleId, l.quantity, l.unit);
    const result: GoodsReceiptCheckResult = (await exportIt()).json().documents[0].result;
    expect(result.variante).toBe('WARENUEBERNAHME');
    expect(result.rows.every((r) => r.status === 'ok' && r.difference === 0)).toBe(true);
  });

  it('refuses the export with the spec §8 text when the document cannot be loaded', async () => {
    const [order] = await firstOrders();
    await json('PUT', `${base}/header`, { art: 'BESTELLUNG', documentId: 999_999 });
    await count(order?.lines[0]?.articleId ?? 0, 1, order?.lines[0]?.unit ?? '');
    const res = await exportIt();
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(HEADER_LOAD_FAILED);
    expect((await demo({ method: 'GET', url: base })).json().lines).toHaveLength(1);
  });

  it('is refused to filiale (spec §6 WARENVERPROBUNG)', async () => {
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    expect((await filiale({ method: 'GET', url: base })).statusCode).toBe(403);
  });
});
