import { CAPTURE_MSG, ORDERING_MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { FX, insertFixtures, now, resetCaptures, uuid } from '../../test/capture-fixtures';
import { as, createSecondInstance, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp({ prepare: (t) => insertFixtures(t.db) });
const demo = t.login(DEMO);
beforeEach(() => resetCaptures(t.db));

const base = '/api/v1/captures';
const year = new Date().getFullYear();
const send = (
  request: ReturnType<typeof as>,
  method: 'PUT' | 'POST',
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  request({
    method,
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });
const line = (
  module: string,
  articleId: number,
  quantity: number,
  extra: Record<string, unknown> = {},
  request = demo,
) => send(request, 'PUT', `${base}/${module}/lines/${uuid()}`, { articleId, quantity, capturedAt: now(), ...extra });
const header = (module: string, values: Record<string, unknown>, request = demo) =>
  send(request, 'PUT', `${base}/${module}/header`, values);
const exportIt = (module: string, body: Record<string, unknown> = {}, key = uuid(), request = demo) =>
  send(request, 'POST', `${base}/${module}/export`, body, { 'idempotency-key': key });
const documentCount = async () =>
  Number((await sql<{ n: number }>`select count(*)::int8 as n from capture_document`.execute(t.db)).rows[0]?.n);

describe('export per module', () => {
  it('Bestellvorschlag: one numbered document, the open capture is empty afterwards, listed for 30 days', async () => {
    await line('order-proposal', FX.milk, 2);
    await line('order-proposal', FX.juice, 1);
    const res = await exportIt('order-proposal');
    expect(res.statusCode).toBe(200);
    const [document] = res.json().documents;
    expect(document.number).toMatch(new RegExp(`^BV-${year}-\\d{6}$`));
    expect(document).toMatchObject({
      module: 'order-proposal',
      lineCount: 2,
      createdBy: 'Dana Demo',
      result: null,
    });
    expect((await demo({ method: 'GET', url: `${base}/order-proposal` })).json()).toMatchObject({
      id: null,
      lines: [],
    });
    const list = (await demo({ method: 'GET', url: `${base}/order-proposal/documents` })).json();
    expect(list.map((d: { number: string }) => d.number)).toEqual([document.number]);
    const detail = (await demo({ method: 'GET', url: `${base}/order-proposal/documents/${document.id}` })).json();
    expect(detail.lines.map((l: { articleId: number }) => l.articleId).sort()).toEqual([FX.milk, FX.juice]);
    expect((await demo({ method: 'GET', url: `${base}/ordering/documents/${document.id}` })).statusCode).toBe(404);
    await sql`update capture_document set created_at = now() - interval '31 days'`.execute(t.db);
    expect((await demo({ method: 'GET', url: `${base}/order-proposal/documents` })).json()).toEqual([]);
  });

  it('an empty capture cannot be exported', async () => {
    const res = await exportIt('returns');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CAPTURE_MSG.emptyCapture);
  });

  it('Bestellung: needs the delivery date, asks EDI (firma 1: frage), one order per main supplier', async () => {
    await line('ordering', FX.milk, 2);
    await line('ordering', FX.juice, 1);
    await line('ordering', FX.cheese, 1.5);
    expect((await exportIt('ordering', { edi: true })).json().message).toBe(ORDERING_MSG.headerMissing);
    await header('ordering', { datum: '2026-11-25' });
    const noEdi = await exportIt('ordering');
    expect(noEdi.statusCode).toBe(400);
    expect(noEdi.json().message).toBe('Bitte geben Sie an, ob per EDI übertragen werden soll');
    const res = await exportIt('ordering', { edi: true });
    expect(res.statusCode).toBe(200);
    const documents = res.json().documents;
    expect(documents.map((d: { supplierName: string }) => d.supplierName)).toEqual([
      'Testmolkerei Nord',
      'Testkelterei',
    ]);
    expect(documents[0]).toMatchObject({ supplierId: FX.s1, edi: true, datum: '2026-11-25', lineCount: 2 });
    expect(documents[1].lines[0]).toMatchObject({
      unit: 'Karton',
      factor: 12,
      warnings: ['Unter der Mindestbestellmenge des Lieferanten (3 Karton)'],
    });
    const [a, b] = documents.map((d: { number: string }) => Number(d.number.slice(-6)));
    expect(b).toBe(a + 1);
  });

  it('Inventur: book stock, counted stock (sum over locations) and difference per article', async () => {
    await header('inventory-count', { lager: 1101, belegdatum: '2026-11-21' });
    await line('inventory-count', FX.milk, 2, { storageLocation: 'A-01' });
    await line('inventory-count', FX.milk, 1, { unit: 'Karton', storageLocation: 'B-02' });
    await line('inventory-count', FX.juice, 28);
    await line('inventory-count', FX.cheese, 2.75);
    const res = await exportIt('inventory-count');
    const [document] = res.json().documents;
    expect(document).toMatchObject({ lager: 1101, belegdatum: '2026-11-21' });
    expect(document.number).toMatch(/^IN-/);
    const rows = Object.fromEntries(document.result.rows.map((r: { articleId: number }) => [r.articleId, r]));
    expect(document.result.kind).toBe('inventory');
    expect(rows[FX.milk]).toMatchObject({ bookStock: 3, countedStock: 8, difference: 5 });
    expect(rows[FX.juice]).toMatchObject({ bookStock: 30, countedStock: 28, difference: -2 });
    expect(rows[FX.cheese]).toMatchObject({
      bookStock: 2.5,
      countedStock: 2.75,
      difference: 0.25,
      articleNumber: 'T900003',
    });
  });

  it('Retouren: the document carries the supplier and each line its reason', async () => {
    await header('returns', { belegdatum: '2026-11-21', supplierId: FX.s2 });
    await line('returns', FX.juice, 2, { reason: 'defekt' });
    const [document] = (await exportIt('returns')).json().documents;
    expect(document).toMatchObject({ supplierId: FX.s2, supplierName: 'Testkelterei', belegdatum: '2026-11-21' });
    expect(document.lines[0]).toMatchObject({ reason: 'defekt', quantity: 2 });
  });

  it('Artikelvorrat: reorder = target − on hand rounded up to the order unit; EDI not asked in firma 1', async () => {
    await line('article-stock', FX.milk, 5);
    await line('article-stock', FX.milk, 1, { unit: 'Karton' });
    await line('article-stock', FX.juice, 30);
    await line('article-stock', FX.cheese, 1.2);
    const [document] = (await exportIt('article-stock', { edi: true })).json().documents;
    expect(document.edi).toBeNull();
    const rows = Object.fromEntries(document.result.rows.map((r: { articleId: number }) => [r.articleId, r]));
    // milk: target 20 − (5 + 6) = 9 → 2 Karton of 6 = 12; juice: 24 − 30 < 0 → 0; cheese: 5 − 1.2 = 3.8 → 4 kg.
    expect(rows[FX.milk]).toMatchObject({
      onHand: 11,
      targetStock: 20,
      reorderQuantity: 12,
      orderUnit: 'Karton',
      orderFactor: 6,
    });
    expect(rows[FX.juice]).toMatchObject({ onHand: 30, reorderQuantity: 0 });
    expect(rows[FX.cheese]).toMatchObject({ onHand: 1.2, reorderQuantity: 4, orderUnit: 'kg' });
  });
});

describe('export once', () => {
  it('a retried export returns the same documents and creates nothing', async () => {
    await line('order-proposal', FX.milk, 2);
    const key = uuid();
    const first = await exportIt('order-proposal', {}, key);
    // The retry comes without a body: an export without the EDI question needs none.
    const again = await demo({
      method: 'POST',
      url: `${base}/order-proposal/export`,
      headers: { 'idempotency-key': key },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await documentCount()).toBe(1);
    expect((await exportIt('order-proposal', {}, uuid())).json().message).toBe(CAPTURE_MSG.emptyCapture);
  });

  it('20 concurrent identical exports produce one document, every answer names it', async () => {
    await line('order-proposal', FX.milk, 2);
    await line('order-proposal', FX.juice, 2);
    const key = uuid();
    const second = await createSecondInstance(t);
    try {
      const apps = [demo, second ? as(second, await loginAs(second, DEMO)) : demo];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => exportIt('order-proposal', {}, key, apps[i % 2])),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((a) => a.json().documents[0].number)).size).toBe(1);
      expect(await documentCount()).toBe(1);
    } finally {
      await second?.close();
    }
  });

  it('numbers stay gapless when users of one firma export concurrently', async () => {
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    for (const request of [demo, filiale]) {
      await header('inventory-count', { lager: 1101, belegdatum: '2026-11-21' }, request);
    }
    const rounds = 4;
    const numbers: string[] = [];
    for (let round = 0; round < rounds; round++) {
      await Promise.all([demo, filiale].map((request) => line('inventory-count', FX.milk, round + 1, {}, request)));
      const exported = await Promise.all(
        [demo, filiale].map((request) => exportIt('inventory-count', {}, uuid(), request)),
      );
      numbers.push(...exported.map((e) => e.json().documents[0].number));
      for (const request of [demo, filiale])
        await header('inventory-count', { lager: 1101, belegdatum: '2026-11-21' }, request);
    }
    const sequence = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(sequence).toHaveLength(2 * rounds);
    expect(sequence.every((n, i) => i === 0 || n === (sequence[i - 1] ?? 0) + 1)).toBe(true);
  });
});
