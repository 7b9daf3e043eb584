import { CAPTURE_MSG, MSG, ORDERING_MSG } from '@mde/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { FX, insertFixtures, now, resetCaptures, uuid } from '../../test/capture-fixtures';
import { as, DEMO, EXTERN, FILIALE, HUGE, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp({ prepare: (t) => insertFixtures(t.db) });
const demo = t.login(DEMO);
beforeEach(() => resetCaptures(t.db));

const base = '/api/v1/captures';
const json = (request: ReturnType<typeof as>, method: 'PUT' | 'POST' | 'DELETE', url: string, payload: unknown) =>
  request({
    method,
    url,
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const putLine = (request: ReturnType<typeof as>, module: string, clientId: string, line: Record<string, unknown>) =>
  json(request, 'PUT', `${base}/${module}/lines/${clientId}`, { capturedAt: now(), ...line });
const putHeader = (request: ReturnType<typeof as>, module: string, header: Record<string, unknown>) =>
  json(request, 'PUT', `${base}/${module}/header`, header);

describe('capture list', () => {
  it('is empty before the first change', async () => {
    const res = await demo({ method: 'GET', url: `${base}/ordering` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: null, module: 'ordering', vkforgId: 11, lines: [] });
  });

  it('upserts by client id: retries keep one line, lines come id descending with Erfassungszeitpunkt', async () => {
    const first = uuid();
    const second = uuid();
    const capturedAt = '2026-11-21T08:15:00.000Z';
    for (let i = 0; i < 3; i++) {
      const res = await putLine(demo, 'order-proposal', first, { articleId: FX.milk, quantity: 2, capturedAt });
      expect(res.statusCode).toBe(200);
    }
    await putLine(demo, 'order-proposal', second, { articleId: FX.juice, quantity: 1 });
    const list = (await demo({ method: 'GET', url: `${base}/order-proposal` })).json();
    expect(list.lines.map((l: { clientId: string }) => l.clientId)).toEqual([second, first]);
    expect(list.lines[1]).toMatchObject({
      articleNumber: 'T900001',
      designation: 'Testmilch 1 l',
      quantity: 2,
      unit: 'Karton',
      factor: 6,
      capturedAt,
    });
    const edited = await putLine(demo, 'order-proposal', first, {
      articleId: FX.milk,
      quantity: 3,
      unit: 'Stück',
    });
    expect(edited.json().line).toMatchObject({ quantity: 3, unit: 'Stück', factor: 1, id: list.lines[1].id });
  });

  it('deletes softly and an upsert of the same client id undoes it', async () => {
    const id = uuid();
    await putLine(demo, 'order-proposal', id, { articleId: FX.milk, quantity: 1 });
    const removed = await demo({ method: 'DELETE', url: `${base}/order-proposal/lines/${id}` });
    expect(removed.json().line.deleted).toBe(true);
    expect((await demo({ method: 'GET', url: `${base}/order-proposal` })).json().lines).toEqual([]);
    await putLine(demo, 'order-proposal', id, { articleId: FX.milk, quantity: 1 });
    expect((await demo({ method: 'GET', url: `${base}/order-proposal` })).json().lines).toHaveLength(1);
    expect((await demo({ method: 'DELETE', url: `${base}/order-proposal/lines/${uuid()}` })).statusCode).toBe(404);
  });
});

describe('module rules with figures', () => {
  it('Bestellvorschlag: stock 3, target 20, open 5, order unit 6 → Vorschlag 12', async () => {
    const res = await demo({ method: 'GET', url: `${base}/order-proposal/proposal/${FX.milk}` });
    expect(res.json()).toEqual({
      articleId: FX.milk,
      proposal: 12,
      orderUnits: 2,
      unit: 'Karton',
      factor: 6,
      stock: 3,
      target: 20,
      openOrders: 5,
      supplierMinimum: 6,
    });
    const covered = await demo({ method: 'GET', url: `${base}/order-proposal/proposal/${FX.juice}` });
    expect(covered.json()).toMatchObject({ proposal: 0, stock: 40, target: 24, supplierMinimum: 36 });
    const cheese = await demo({ method: 'GET', url: `${base}/order-proposal/proposal/${FX.cheese}` });
    expect(cheese.json()).toMatchObject({ proposal: 3, unit: 'kg', stock: 2.5, target: 5 });
    expect((await demo({ method: 'GET', url: `${base}/order-proposal/proposal/${FX.firma2}` })).statusCode).toBe(404);
  });

  it('Bestellung: order unit by default, warning below the supplier minimum, no supplier refused', async () => {
    const below = await putLine(demo, 'ordering', uuid(), { articleId: FX.juice, quantity: 2 });
    expect(below.json().line).toMatchObject({
      unit: 'Karton',
      factor: 12,
      warnings: ['Unter der Mindestbestellmenge des Lieferanten (3 Karton)'],
    });
    const enough = await putLine(demo, 'ordering', uuid(), { articleId: FX.juice, quantity: 3 });
    expect(enough.json().line.warnings).toEqual([]);
    const none = await putLine(demo, 'ordering', uuid(), { articleId: FX.noSupplier, quantity: 3 });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(ORDERING_MSG.noSupplier);
  });

  it('Inventur: needs lager and belegdatum; one article at two storage locations is two lines', async () => {
    const early = await putLine(demo, 'inventory-count', uuid(), { articleId: FX.milk, quantity: 1 });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Bitte wählen Sie zuerst Lager und Belegdatum');
    expect((await putHeader(demo, 'inventory-count', { lager: 2101, belegdatum: '2026-11-21' })).statusCode).toBe(404);
    const header = await putHeader(demo, 'inventory-count', { lager: 1101, belegdatum: '2026-11-21' });
    expect(header.json().header).toMatchObject({ lager: 1101, belegdatum: '2026-11-21' });
    await putLine(demo, 'inventory-count', uuid(), { articleId: FX.milk, quantity: 2, storageLocation: '01-01-1' });
    await putLine(demo, 'inventory-count', uuid(), { articleId: FX.milk, quantity: 0, storageLocation: '01-02-1' });
    const lines = (await demo({ method: 'GET', url: `${base}/inventory-count` })).json().lines;
    expect(lines.map((l: { storageLocation: string }) => l.storageLocation)).toEqual(['01-02-1', '01-01-1']);
  });

  it('Retouren: reason required, an article the supplier does not deliver is warned about', async () => {
    await putHeader(demo, 'returns', { belegdatum: '2026-11-21', supplierId: FX.s1 });
    const noReason = await putLine(demo, 'returns', uuid(), { articleId: FX.milk, quantity: 1 });
    expect(noReason.json().message).toBe('Bitte wählen Sie einen Rückgabegrund');
    const ok = await putLine(demo, 'returns', uuid(), {
      articleId: FX.milk,
      quantity: 1,
      reason: 'MHD abgelaufen',
    });
    expect(ok.json().line).toMatchObject({ reason: 'MHD abgelaufen', warnings: [] });
    const foreign = await putLine(demo, 'returns', uuid(), {
      articleId: FX.juice,
      quantity: 1,
      reason: 'Falschlieferung',
    });
    expect(foreign.json().line.warnings).toEqual(['Der Lieferant liefert diesen Artikel nicht']);
    const bad = await putLine(demo, 'returns', uuid(), { articleId: FX.juice, quantity: 1, reason: 'kaputt' });
    expect(bad.statusCode).toBe(400);
  });

  it('FELD_LAGERORT: a hidden storage location is not stored and the line says why', async () => {
    // Firma 1: Retouren has FELD_LAGERORT 'ausgeblendet'.
    await putHeader(demo, 'returns', { belegdatum: '2026-11-21', supplierId: FX.s1 });
    const res = await putLine(demo, 'returns', uuid(), {
      articleId: FX.milk,
      quantity: 1,
      reason: 'defekt',
      storageLocation: 'R-1',
    });
    expect(res.json().line).toMatchObject({ storageLocation: null, warnings: [CAPTURE_MSG.storageLocationHidden] });
  });
});

describe('permissions and isolation', () => {
  it('filiale has Inventur only; extern has no capture module', async () => {
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    expect((await filiale({ method: 'GET', url: `${base}/inventory-count` })).statusCode).toBe(200);
    for (const module of ['order-proposal', 'ordering', 'returns', 'article-stock']) {
      const res = await filiale({ method: 'GET', url: `${base}/${module}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    }
    const extern = as(t.app, await loginAs(t.app, EXTERN));
    expect((await extern({ method: 'GET', url: `${base}/inventory-count` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${base}/inventory-count` })).statusCode).toBe(401);
  });

  it("another user never sees or touches a user's capture", async () => {
    await putHeader(demo, 'inventory-count', { lager: 1101, belegdatum: '2026-11-21' });
    const id = uuid();
    await putLine(demo, 'inventory-count', id, { articleId: FX.milk, quantity: 4 });
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    expect((await filiale({ method: 'GET', url: `${base}/inventory-count` })).json().lines).toEqual([]);
    expect((await filiale({ method: 'DELETE', url: `${base}/inventory-count/lines/${id}` })).statusCode).toBe(404);
    expect((await demo({ method: 'GET', url: `${base}/inventory-count` })).json().lines).toHaveLength(1);
  });

  it('a firma 2 session cannot use firma 1 articles, warehouses, suppliers or documents', async () => {
    await putLine(demo, 'order-proposal', uuid(), { articleId: FX.milk, quantity: 1 });
    const exported = await demo({
      method: 'POST',
      url: `${base}/order-proposal/export`,
      headers: { 'content-type': 'application/json', 'idempotency-key': uuid() },
      payload: '{}',
    });
    const documentId = exported.json().documents[0].id;
    const patch = (vkforgid: number) =>
      demo({
        method: 'PATCH',
        url: '/api/v1/security/user/context',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ vkforgid }),
      });
    expect((await patch(21)).statusCode).toBe(200);
    try {
      const foreign = await putLine(demo, 'order-proposal', uuid(), { articleId: FX.milk, quantity: 1 });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(CAPTURE_MSG.unknownArticle);
      expect((await putHeader(demo, 'inventory-count', { lager: 1101, belegdatum: '2026-11-21' })).statusCode).toBe(
        404,
      );
      expect((await putHeader(demo, 'returns', { supplierId: FX.s1 })).statusCode).toBe(404);
      expect((await demo({ method: 'GET', url: `${base}/order-proposal/documents/${documentId}` })).statusCode).toBe(
        404,
      );
      expect((await demo({ method: 'GET', url: `${base}/order-proposal/documents` })).json()).toEqual([]);
      const own = await putLine(demo, 'order-proposal', uuid(), { articleId: FX.firma2, quantity: 1 });
      expect(own.statusCode).toBe(200);
      expect((await demo({ method: 'GET', url: `${base}/order-proposal` })).json()).toMatchObject({
        vkforgId: 21,
        lines: [{ articleId: FX.firma2 }],
      });
    } finally {
      expect((await patch(11)).statusCode).toBe(200);
    }
  });
});

describe('bad input', () => {
  const line = (payload: unknown, clientId: string = uuid()) =>
    json(demo, 'PUT', `${base}/order-proposal/lines/${clientId}`, payload);
  it.each([
    ['malformed JSON', '{"articleId": 1,', 'MALFORMED_JSON'],
    ['quantity as text', { articleId: FX.milk, quantity: '3', capturedAt: now() }, 'VALIDATION'],
    ['negative quantity', { articleId: FX.milk, quantity: -1, capturedAt: now() }, 'VALIDATION'],
    ['too large quantity', { articleId: FX.milk, quantity: 1e12, capturedAt: now() }, 'VALIDATION'],
    [
      '10 kB storage location',
      { articleId: FX.milk, quantity: 1, storageLocation: HUGE, capturedAt: now() },
      'VALIDATION',
    ],
    ['10 kB unit', { articleId: FX.milk, quantity: 1, unit: HUGE, capturedAt: now() }, 'VALIDATION'],
    ['unknown property', { articleId: FX.milk, quantity: 1, capturedAt: now(), price: 1 }, 'VALIDATION'],
    ['missing capturedAt', { articleId: FX.milk, quantity: 1 }, 'VALIDATION'],
    ['bad date', { articleId: FX.milk, quantity: 1, capturedAt: 'gestern' }, 'VALIDATION'],
  ])('%s → 400 with a German message', async (_name, payload, code) => {
    const res = await line(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(res.json().message).toMatch(/Anfrage/);
  });

  it('refuses a client id that is no uuid, unknown ids, fractions of pieces and a missing export key', async () => {
    expect((await line({ articleId: FX.milk, quantity: 1, capturedAt: now() }, 'not-a-uuid')).statusCode).toBe(400);
    expect((await line({ articleId: 2_000_000_000, quantity: 1, capturedAt: now() })).statusCode).toBe(404);
    const half = await line({ articleId: FX.milk, quantity: 1.5, unit: 'Stück', capturedAt: now() });
    expect(half.json().message).toBe('Die Menge in „Stück“ muss eine ganze Zahl sein');
    expect((await line({ articleId: FX.milk, quantity: 1, unit: 'Fass', capturedAt: now() })).json().message).toBe(
      'Die Einheit „Fass“ gibt es für diesen Artikel nicht',
    );
    expect((await putHeader(demo, 'inventory-count', { lager: 'L01' })).statusCode).toBe(400);
    expect((await putHeader(demo, 'inventory-count', { lager: 99_999 })).statusCode).toBe(404);
    const noKey = await json(demo, 'POST', `${base}/order-proposal/export`, {});
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe(CAPTURE_MSG.exportKeyMissing);
    expect((await demo({ method: 'GET', url: `${base}/mde-unbekannt` })).statusCode).toBe(404);
    expect((await demo({ method: 'GET', url: `${base}/order-proposal/documents/abc` })).statusCode).toBe(400);
  });
});
