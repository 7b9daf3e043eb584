import { type DocumentDetail, type DocumentSummary, HEADER_LOAD_FAILED, RECEIVING_MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { as, DEMO, FILIALE, HUGE, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp();
const demo = t.login(DEMO);

async function search(query: string): Promise<DocumentSummary[]> {
  const res = await demo({ method: 'GET', url: `/api/v1/belege?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('demo documents', () => {
  it('has a dozen open orders of several suppliers in the vkforg, newest delivery first', async () => {
    const orders = await search('variante=BESTELLUNG');
    expect(orders.length).toBeGreaterThanOrEqual(12);
    expect(new Set(orders.map((o) => o.supplierId)).size).toBeGreaterThan(3);
    const dates = orders.map((o) => o.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(orders.every((o) => o.variante === 'BESTELLUNG' && o.status === 'offen' && o.lineCount >= 4)).toBe(true);
    expect(orders.some((o) => o.barcode === o.number)).toBe(true);
    expect(orders.some((o) => o.barcode === `BESTELLUNG:${o.number}`)).toBe(true);
  });

  it('has goods receipts referring to their orders, some with built-in deviations', async () => {
    const receipts = await search('variante=WARENUEBERNAHME');
    expect(receipts.length).toBeGreaterThanOrEqual(4);
    expect(new Set(receipts.map((r) => r.status))).toEqual(new Set(['offen', 'in Prüfung', 'gebucht']));
    let deviating = 0;
    for (const r of receipts) {
      const receipt: DocumentDetail = (await demo({ method: 'GET', url: `/api/v1/warenuebernahme/${r.id}` })).json();
      const [order] = await search(`variante=BESTELLUNG&nummer=${r.referenceNumber}`);
      const detail: DocumentDetail = (await demo({ method: 'GET', url: `/api/v1/bestellung/${order?.id}` })).json();
      expect(detail.supplierId).toBe(receipt.supplierId);
      const ordered = detail.lines.map((l) => `${l.articleId}:${l.quantity}`).join();
      if (receipt.lines.map((l) => `${l.articleId}:${l.quantity}`).join() !== ordered) deviating++;
    }
    expect(deviating).toBeGreaterThanOrEqual(2);
  });

  it('keeps each vkforg to its own documents', async () => {
    const own = await search('variante=BESTELLUNG');
    const other = await t.db
      .selectFrom('purchase_order')
      .where('vkforg_id', '!=', 11)
      .select(['id', 'number'])
      .executeTakeFirstOrThrow();
    expect(own.some((o) => o.id === Number(other.id))).toBe(false);
    const res = await demo({ method: 'GET', url: `/api/v1/bestellung/${other.id}` });
    expect(res.statusCode).toBe(404);
    expect((await demo({ method: 'GET', url: `/api/v1/bestellung/scan/${other.number}` })).statusCode).toBe(404);
  });
});

describe('document search (spec §7: nummer and variante)', () => {
  it('finds by number prefix and by reference number prefix', async () => {
    const [first] = await search('variante=BESTELLUNG');
    if (!first?.referenceNumber) throw new Error('no order');
    const byNumber = await search(`variante=BESTELLUNG&nummer=${first.number}`);
    expect(byNumber.map((o) => o.id)).toEqual([first.id]);
    const byPrefix = await search(`variante=BESTELLUNG&nummer=${first.number.slice(0, 6)}`);
    expect(byPrefix.length).toBeGreaterThan(1);
    const byReference = await search(`variante=BESTELLUNG&bezugsnummer=${encodeURIComponent(first.referenceNumber)}`);
    expect(byReference.map((o) => o.id)).toEqual([first.id]);
  });

  it('treats % and _ as themselves', async () => {
    expect(await search('variante=BESTELLUNG&nummer=%25')).toEqual([]);
    expect(await search('variante=WARENUEBERNAHME&nummer=_')).toEqual([]);
  });

  it('refuses an unknown variante or a huge number in German', async () => {
    const res = await demo({ method: 'GET', url: '/api/v1/belege?variante=LIEFERSCHEIN' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Die Anfrage ist ungültig',
      fields: { variante: 'Ungültige Belegart' },
    });
    const huge = await demo({ method: 'GET', url: `/api/v1/belege?variante=BESTELLUNG&nummer=${HUGE}` });
    expect(huge.statusCode).toBe(400);
    const nul = await demo({ method: 'GET', url: '/api/v1/belege?variante=BESTELLUNG&nummer=%00' });
    expect(nul.statusCode).toBe(400);
  });
});

describe('scanning a document (spec §7)', () => {
  it('loads an order by its Code 128, by its QR code and by its bare number', async () => {
    const orders = await search('variante=BESTELLUNG');
    const qr = orders.find((o) => o.barcode?.startsWith('BESTELLUNG:'));
    const plain = orders.find((o) => o.barcode === null);
    for (const [code, id] of [
      [qr?.barcode, qr?.id],
      [plain?.number, plain?.id],
    ] as const) {
      const res = await demo({ method: 'GET', url: `/api/v1/bestellung/scan/${encodeURIComponent(code ?? '')}` });
      expect(res.statusCode).toBe(200);
      const doc: DocumentDetail = res.json();
      expect(doc.id).toBe(id);
      expect(doc.lines.length).toBe(doc.lineCount);
      expect(doc.lines[0]).toMatchObject({ lineNo: 1, unit: expect.any(String) });
      expect(doc.lines[0]?.articleNumber).toMatch(/\S/);
    }
  });

  it('loads a goods receipt by its delivery note code', async () => {
    const receipt = (await search('variante=WARENUEBERNAHME')).find((r) => r.barcode);
    const res = await demo({ method: 'GET', url: `/api/v1/warenuebernahme/scan/${receipt?.barcode}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: receipt?.id, variante: 'WARENUEBERNAHME' });
  });

  it('answers an unknown code with a German 404 of the right kind', async () => {
    const order = await demo({ method: 'GET', url: '/api/v1/bestellung/scan/4599999999' });
    expect(order.statusCode).toBe(404);
    expect(order.json()).toMatchObject({ message: RECEIVING_MSG.orderNotFound, code: 'NOT_FOUND' });
    const receipt = await demo({ method: 'GET', url: '/api/v1/warenuebernahme/scan/LS0' });
    expect(receipt.json().message).toBe(RECEIVING_MSG.receiptNotFound);
    // An order's code is not a goods receipt.
    const [someOrder] = await search('variante=BESTELLUNG');
    expect((await demo({ method: 'GET', url: `/api/v1/warenuebernahme/scan/${someOrder?.number}` })).statusCode).toBe(
      404,
    );
  });
});

describe('loading the header (loadKopf)', () => {
  it('fails with the spec §8 text for a document that does not exist', async () => {
    for (const path of ['bestellung', 'warenuebernahme']) {
      const res = await demo({ method: 'GET', url: `/api/v1/${path}/999999` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(HEADER_LOAD_FAILED);
    }
    expect((await demo({ method: 'GET', url: '/api/v1/bestellung/abc' })).statusCode).toBe(400);
  });
});

describe('permissions (spec §6)', () => {
  it('refuses filiale and anonymous callers', async () => {
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    for (const url of [
      '/api/v1/belege?variante=BESTELLUNG',
      '/api/v1/bestellung/scan/1',
      '/api/v1/warenuebernahme/1',
    ]) {
      expect((await filiale({ method: 'GET', url })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('the offline copy of the documents', () => {
  it('holds the orders and goods receipts due around today with their lines, only of the vkforg', async () => {
    const res = await demo({ method: 'GET', url: '/api/v1/belege/offline' });
    expect(res.statusCode).toBe(200);
    const snapshot: { orders: DocumentDetail[]; receipts: DocumentDetail[] } = res.json();
    expect(snapshot.orders.length).toBeGreaterThanOrEqual(12);
    expect(snapshot.receipts.length).toBeGreaterThanOrEqual(4);
    for (const d of [...snapshot.orders, ...snapshot.receipts]) expect(d.lines).toHaveLength(d.lineCount);
    const own = new Set((await search('variante=BESTELLUNG')).map((o) => o.id));
    expect(snapshot.orders.every((o) => own.has(o.id))).toBe(true);
    const first = snapshot.orders[0];
    const loaded: DocumentDetail = (await demo({ method: 'GET', url: `/api/v1/bestellung/${first?.id}` })).json();
    expect(first).toEqual(loaded);
  });
});
