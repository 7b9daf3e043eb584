import { CAPTURE_MSG, MSG, SAFE_INPUT_MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { FX, insertFixtures, now, resetCaptures, uuid } from '../../test/capture-fixtures';
import { DEMO, useTestApp } from '../../test/test-app';

const t = useTestApp({ prepare: (t) => insertFixtures(t.db) });
const demo = t.login(DEMO);
beforeEach(() => resetCaptures(t.db));

const base = '/api/v1/captures';
const send = (method: 'PUT' | 'POST', url: string, payload: unknown, headers: Record<string, string> = {}) =>
  demo({ method, url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
const putLine = (module: string, line: Record<string, unknown>, clientId = uuid()) =>
  send('PUT', `${base}/${module}/lines/${clientId}`, { articleId: FX.milk, quantity: 2, capturedAt: now(), ...line });

describe('batch and best-before date of a line', () => {
  it('round-trip on Inventur through the line upsert, the sync and the export', async () => {
    await send('PUT', `${base}/inventory-count/header`, { lager: 1101, belegdatum: '2026-11-21' });
    const put = await putLine('inventory-count', { batch: 'L2026-42', bestBefore: '2027-02-28' });
    expect(put.statusCode).toBe(200);
    expect(put.json().line).toMatchObject({ batch: 'L2026-42', bestBefore: '2027-02-28' });
    const synced = await send('POST', `${base}/sync`, {
      deviceId: 'device-batch-1',
      changes: [
        {
          seq: 1,
          clientId: uuid(),
          module: 'inventory-count',
          kind: 'upsert-line',
          vkforgId: 11,
          payload: { articleId: FX.juice, quantity: 3, capturedAt: now(), batch: 'B7', bestBefore: '2026-12-31' },
        },
      ],
    });
    expect(synced.json().results[0].status).toBe('applied');
    const list = (await demo({ method: 'GET', url: `${base}/inventory-count` })).json();
    expect(list.lines.map((l: { batch: string; bestBefore: string }) => [l.batch, l.bestBefore])).toEqual([
      ['B7', '2026-12-31'],
      ['L2026-42', '2027-02-28'],
    ]);
    const exported = await send('POST', `${base}/inventory-count/export`, {}, { 'idempotency-key': uuid() });
    expect(exported.statusCode).toBe(200);
    const [document] = exported.json().documents;
    expect(document.lines.map((l: { batch: string }) => l.batch).sort()).toEqual(['B7', 'L2026-42']);
    // The ERP's event of the export: each line with its batch and best-before date (new optional fields).
    const event = await sql<{ document: { lines: Record<string, unknown>[] } }>`
      select document from integration_event where type = 'inventory-count.exported' order by id desc limit 1`.execute(
      t.db,
    );
    const eventLines = event.rows[0]?.document.lines ?? [];
    expect(eventLines.map((l) => [l.batch, l.bestBefore]).sort()).toEqual([
      ['B7', '2026-12-31'],
      ['L2026-42', '2027-02-28'],
    ]);
  });

  it('a line edited without a batch keeps none; Warenverprobung lines carry it too', async () => {
    await send('PUT', `${base}/inventory-count/header`, { lager: 1101, belegdatum: '2026-11-21' });
    const id = uuid();
    await putLine('inventory-count', { batch: 'OLD' }, id);
    const cleared = await putLine('inventory-count', { batch: null, bestBefore: null }, id);
    expect(cleared.json().line).toMatchObject({ batch: null, bestBefore: null });
    // Warenverprobung on an order's article, with its header chosen: the line is stored with its batch.
    const [order] = (await demo({ method: 'GET', url: '/api/v1/belege?variante=BESTELLUNG' })).json();
    const detail = (await demo({ method: 'GET', url: `/api/v1/bestellung/${order.id}` })).json();
    const [orderLine] = detail.lines;
    await send('PUT', `${base}/goods-receipt-check/header`, { art: 'BESTELLUNG', documentId: order.id });
    const check = await send('PUT', `${base}/goods-receipt-check/lines/${uuid()}`, {
      articleId: orderLine.articleId,
      quantity: 1,
      unit: orderLine.unit,
      capturedAt: now(),
      batch: 'WV1',
      bestBefore: '2027-01-31',
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().line).toMatchObject({ batch: 'WV1', bestBefore: '2027-01-31' });
  });

  it('bad values get a German 400 and change nothing', async () => {
    for (const [extra, message] of [
      [{ bestBefore: '2027-02-30' }, MSG.invalidValue],
      [{ bestBefore: '28.02.2027' }, MSG.invalidValue],
      [{ batch: 'X'.repeat(21) }, MSG.tooLong],
      [{ batch: 'A\u0007B' }, CAPTURE_MSG.batchNotPrintable],
      [{ batch: 'A\u0000B' }, undefined],
      [{ batch: 'A\ud800B' }, undefined],
      [{ bestBefore: '0000-01-01' }, SAFE_INPUT_MSG.yearOutOfRange],
    ] as const) {
      const res = await putLine('inventory-count', extra);
      expect(res.statusCode).toBe(400);
      if (message) expect(JSON.stringify(res.json())).toContain(message);
      else expect(JSON.stringify(res.json())).toMatch(/Zeichen/);
    }
    const refused = await putLine('ordering', { batch: 'B1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CAPTURE_MSG.batchNotAllowed);
    const list = (await demo({ method: 'GET', url: `${base}/inventory-count` })).json();
    expect(list.lines).toEqual([]);
  });
});
