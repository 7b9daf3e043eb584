import { CAPTURE_SYNC_PATH, type SyncChange, type SyncResponse } from '@mde/contracts';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { FX, insertFixtures, resetCaptures, uuid } from '../../test/capture-fixtures';
import { as, DEMO, FILIALE, HUGE, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp({ prepare: (t) => insertFixtures(t.db) });
const demo = t.login(DEMO);
beforeEach(() => resetCaptures(t.db));

const sync = (deviceId: string, changes: unknown[], request = demo) =>
  request({
    method: 'POST',
    url: CAPTURE_SYNC_PATH,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ deviceId, changes }),
  });
const syncOk = async (deviceId: string, changes: unknown[], request = demo): Promise<SyncResponse> => {
  const res = await sync(deviceId, changes, request);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 9, minute)).toISOString();
const upsert = (seq: number, clientId: string, quantity: number, extra: Record<string, unknown> = {}): SyncChange => ({
  seq,
  clientId,
  module: 'order-proposal',
  kind: 'upsert-line',
  payload: { articleId: FX.milk, quantity, capturedAt: at(0), ...extra },
});
const lineRows = async () =>
  (
    await sql<{
      client_id: string;
      quantity: number;
    }>`select client_id, quantity from capture_line where deleted = false`.execute(t.db)
  ).rows;

describe('POST /api/v1/captures/sync', () => {
  it('applies in seq order and answers a repeated seq like the first time, changing nothing', async () => {
    const ids = [uuid(), uuid(), uuid()];
    const changes = [upsert(2, ids[1] ?? '', 2), upsert(1, ids[0] ?? '', 1), upsert(3, ids[2] ?? '', 3)];
    const first = await syncOk('device-A1', changes);
    expect(first.lastAppliedSeq).toBe(3);
    expect(first.results.map((r) => [r.seq, r.status])).toEqual([
      [1, 'applied'],
      [2, 'applied'],
      [3, 'applied'],
    ]);
    const again = await syncOk('device-A1', changes);
    expect(again.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(again.results.map(({ status: _s, firstStatus: _f, ...rest }) => rest)).toEqual(
      first.results.map(({ status: _s, ...rest }) => rest),
    );
    expect(again.results[0]?.firstStatus).toBe('applied');
    expect(await lineRows()).toHaveLength(3);
  });

  it('applies a change queued by a device before modules were keyed by name (route as key) into that module', async () => {
    const id = uuid();
    const res = await syncOk('device-L1', [{ ...upsert(1, id, 2), module: 'mde-bestellvorschlag' }]);
    expect(res.results[0]).toMatchObject({ status: 'applied' });
    const open = await demo({ method: 'GET', url: '/api/v1/captures/order-proposal' });
    expect(open.json().lines.map((l: { clientId: string }) => l.clientId)).toEqual([id]);
  });

  it('holds a change back while an earlier one is missing, and applies it once the gap is filled', async () => {
    const ids = [uuid(), uuid(), uuid()];
    await syncOk('device-G1', [upsert(1, ids[0] ?? '', 1)]);
    const gap = await syncOk('device-G1', [upsert(3, ids[2] ?? '', 3)]);
    expect(gap.results[0]).toMatchObject({ status: 'pending', reason: 'Wartet auf die frühere Änderung Nr. 2' });
    expect(gap.lastAppliedSeq).toBe(1);
    const filled = await syncOk('device-G1', [upsert(2, ids[1] ?? '', 2), upsert(3, ids[2] ?? '', 3)]);
    expect(filled.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(filled.lastAppliedSeq).toBe(3);
    expect(await lineRows()).toHaveLength(3);
  });

  it('rejects a bad change with a German reason and still applies the ones after it', async () => {
    const good = uuid();
    const res = await syncOk('device-R1', [
      { ...upsert(1, uuid(), 1), payload: { articleId: 2_000_000_000, quantity: 1, capturedAt: at(0) } },
      { ...upsert(2, uuid(), 1), payload: { articleId: FX.firma2, quantity: 1, capturedAt: at(0) } },
      upsert(3, uuid(), -4),
      upsert(4, uuid(), 1, { storageLocation: HUGE }),
      { seq: 5, clientId: uuid(), module: 'mde-kasse', kind: 'upsert-line', payload: {} },
      { seq: 6, clientId: 'kein-uuid', module: 'order-proposal', kind: 'upsert-line', payload: {} },
      { seq: 7, clientId: uuid(), module: 'order-proposal', kind: 'drop-table', payload: {} },
      upsert(8, good, 5),
    ]);
    expect(res.lastAppliedSeq).toBe(8);
    const reasons = res.results.map((r) => r.reason);
    expect(res.results.slice(0, 7).every((r) => r.status === 'rejected')).toBe(true);
    expect(reasons[0]).toBe('Der Artikel wurde nicht gefunden');
    expect(reasons[1]).toBe('Der Artikel wurde nicht gefunden');
    expect(reasons[2]).toBe('Ungültige Änderung: quantity: Die Menge darf nicht negativ sein');
    expect(reasons[3]).toBe('Ungültige Änderung: storageLocation: Die Eingabe ist zu lang');
    expect(reasons[4]).toBe('Ungültige Änderung: Unbekanntes Erfassungsmodul');
    expect(reasons[5]).toBe('Ungültige Änderung: Ungültige Client-ID');
    expect(reasons[6]).toMatch(/^Ungültige Änderung: unbekannte Art/);
    expect(res.results[7]?.status).toBe('applied');
    const replay = await syncOk('device-R1', [upsert(3, uuid(), -4)]);
    expect(replay.results[0]).toMatchObject({ status: 'duplicate', firstStatus: 'rejected', reason: reasons[2] });
    expect((await lineRows()).map((r) => r.client_id)).toEqual([good]);
  });

  it('checks each change against its module permission (filiale: Inventur only)', async () => {
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    const res = await syncOk(
      'device-F1',
      [
        upsert(1, uuid(), 1),
        {
          seq: 2,
          clientId: uuid(),
          module: 'inventory-count',
          kind: 'set-header',
          payload: { lager: 1101, belegdatum: '2026-11-21' },
        },
        {
          seq: 3,
          clientId: uuid(),
          module: 'inventory-count',
          kind: 'upsert-line',
          payload: { articleId: FX.milk, quantity: 3, capturedAt: at(0) },
        },
      ],
      filiale,
    );
    expect(res.results.map((r) => r.status)).toEqual(['rejected', 'applied', 'applied']);
    expect(res.results[0]?.reason).toBe('Sie haben keine Berechtigung für das Modul Bestellvorschlag');
  });

  it('two devices of one user: the later client edit wins and the answer says so', async () => {
    const id = uuid();
    await syncOk('device-L1', [upsert(1, id, 5, { capturedAt: at(10) })]);
    const older = await syncOk('device-L2', [upsert(1, id, 7, { capturedAt: at(5) })]);
    expect(older.results[0]).toMatchObject({
      status: 'applied',
      note: 'Von einem anderen Gerät überschrieben',
      line: { quantity: 5 },
    });
    const newer = await syncOk('device-L2', [upsert(2, id, 8, { capturedAt: at(5), updatedAt: at(20) })]);
    expect(newer.results[0]).toMatchObject({
      status: 'applied',
      note: 'Die Änderung eines anderen Geräts wurde überschrieben',
    });
    expect((await lineRows()).map((r) => r.quantity)).toEqual([8]);
    const lateDelete = await syncOk('device-L1', [
      { seq: 2, clientId: id, module: 'order-proposal', kind: 'delete-line', payload: { updatedAt: at(15) } },
    ]);
    expect(lateDelete.results[0]?.note).toBe('Von einem anderen Gerät überschrieben');
    expect(await lineRows()).toHaveLength(1);
  });

  it('an export in the outbox runs once; the repeat answers the same document', async () => {
    const exportChange = { seq: 3, clientId: uuid(), module: 'order-proposal', kind: 'export', payload: {} };
    const batch = [upsert(1, uuid(), 1), upsert(2, uuid(), 2), exportChange, upsert(4, uuid(), 4)];
    const first = await syncOk('device-E1', batch);
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const document = first.results[2]?.export?.documents[0];
    expect(document?.lineCount).toBe(2);
    const again = await syncOk('device-E1', batch);
    expect(again.results[2]?.export).toEqual(first.results[2]?.export);
    expect((await demo({ method: 'GET', url: '/api/v1/captures/order-proposal' })).json().lines).toHaveLength(1);
    const documents = await sql<{ n: number }>`select count(*)::int8 as n from capture_document`.execute(t.db);
    expect(Number(documents.rows[0]?.n)).toBe(1);
    // The same export key under a new seq (an outbox rebuilt after a crash) replays and keeps the open list.
    const late = uuid();
    const replay = await syncOk('device-E1', [upsert(5, late, 1), { ...exportChange, seq: 6 }, upsert(7, late, 2)]);
    expect(replay.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(replay.results[1]?.export).toEqual(first.results[2]?.export);
    expect((await demo({ method: 'GET', url: '/api/v1/captures/order-proposal' })).json().lines).toHaveLength(2);
  });

  it('never moves a change to another store or into an exported capture', async () => {
    const exported = uuid();
    await demo({
      method: 'PUT',
      url: `/api/v1/captures/order-proposal/lines/${exported}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ articleId: FX.milk, quantity: 1, capturedAt: at(0) }),
    });
    await demo({
      method: 'POST',
      url: '/api/v1/captures/order-proposal/export',
      headers: { 'idempotency-key': uuid() },
    });
    const res = await syncOk('device-X1', [
      { ...upsert(1, uuid(), 1), vkforgId: 12 },
      upsert(2, exported, 3),
      { ...upsert(3, uuid(), 2), vkforgId: 11 },
    ]);
    expect(res.results.map((r) => r.reason)).toEqual([
      'Die Änderung wurde in einem anderen Kontext erfasst. Bitte wechseln Sie den Kontext und synchronisieren Sie erneut',
      'Die Position wurde bereits exportiert',
      undefined,
    ]);
  });

  it('answers the warnings of an applied line', async () => {
    const res = await syncOk('device-W1', [
      {
        seq: 1,
        clientId: uuid(),
        module: 'ordering',
        kind: 'upsert-line',
        payload: { articleId: FX.juice, quantity: 1, capturedAt: at(0) },
      },
    ]);
    expect(res.results[0]).toMatchObject({
      status: 'applied',
      warnings: ['Unter der Mindestbestellmenge des Lieferanten (3 Karton)'],
    });
    expect(res.results[0]?.serverVersion).toBe(1);
  });

  it('header edits of two devices: the later one wins', async () => {
    const header = (seq: number, lager: number, minute: number) => ({
      seq,
      clientId: uuid(),
      module: 'inventory-count',
      kind: 'set-header',
      payload: { lager, belegdatum: '2026-11-21', updatedAt: at(minute) },
    });
    await syncOk('device-H1', [header(1, 1102, 10)]);
    const older = await syncOk('device-H2', [header(1, 1103, 5)]);
    expect(older.results[0]?.note).toBe('Von einem anderen Gerät überschrieben');
    expect((await demo({ method: 'GET', url: '/api/v1/captures/inventory-count' })).json().header.lager).toBe(1102);
    const newer = await syncOk('device-H2', [header(2, 1103, 15)]);
    expect(newer.results[0]?.note).toBe('Die Änderung eines anderen Geräts wurde überschrieben');
    expect((await demo({ method: 'GET', url: '/api/v1/captures/inventory-count' })).json().header.lager).toBe(1103);
  });

  it('refuses a malformed envelope as a whole', async () => {
    expect((await sync('x', [])).statusCode).toBe(400);
    expect(
      (await sync('device-B1', [{ seq: 'eins', clientId: uuid(), module: 'inventory-count', kind: 'export' }]))
        .statusCode,
    ).toBe(400);
    expect((await sync(HUGE, [])).statusCode).toBe(400);
    const raw = await demo({
      method: 'POST',
      url: '/api/v1/captures/sync',
      headers: { 'content-type': 'application/json' },
      payload: '{"deviceId":',
    });
    expect(raw.statusCode).toBe(400);
  });
});

describe('concurrent repeats', () => {
  it('10 identical sync requests at once apply each change once', async () => {
    const ids = Array.from({ length: 30 }, () => uuid());
    const batch = ids.map((id, i) => upsert(i + 1, id, i + 1));
    const answers = await Promise.all(Array.from({ length: 10 }, () => sync('device-C1', batch)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const applied = answers.flatMap((a) => (a.json() as SyncResponse).results.filter((r) => r.status === 'applied'));
    expect(applied).toHaveLength(30);
    expect(await lineRows()).toHaveLength(30);
  });

  it('20 identical line upserts at once leave one line', async () => {
    const id = uuid();
    const put = () =>
      demo({
        method: 'PUT',
        url: `/api/v1/captures/order-proposal/lines/${id}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ articleId: FX.milk, quantity: 4, capturedAt: at(1) }),
      });
    const answers = await Promise.all(Array.from({ length: 20 }, put));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().line.id)).size).toBe(1);
    expect(await lineRows()).toEqual([{ client_id: id, quantity: 4 }]);
  });
});

describe('sync under faults', () => {
  it('500 lines in batches, some sent twice, some answers lost → exactly 500 rows, none twice, none missing', async () => {
    const ids = Array.from({ length: 500 }, () => uuid());
    const outbox = ids.map((id, i) => upsert(i + 1, id, (i % 9) + 1));
    const confirmed = new Set<number>();
    let round = 0;
    while (confirmed.size < outbox.length && round < 200) {
      round += 1;
      const batch = outbox.filter((c) => !confirmed.has(c.seq)).slice(0, 40);
      // Deterministic faults: every 3rd request goes out twice at once, every 4th answer is lost on the way back.
      const copies = round % 3 === 0 ? 2 : 1;
      const answers = await Promise.all(Array.from({ length: copies }, () => sync('device-FAULT', batch)));
      if (round % 4 === 0) continue;
      for (const answer of answers) {
        if (answer.statusCode !== 200) continue;
        for (const r of (answer.json() as SyncResponse).results) if (r.status !== 'pending') confirmed.add(r.seq);
      }
    }
    expect(confirmed.size).toBe(500);
    const rows = await lineRows();
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((r) => r.client_id))).toEqual(new Set(ids));
    const byId = new Map(rows.map((r) => [r.client_id, r.quantity]));
    expect(ids.every((id, i) => byId.get(id) === (i % 9) + 1)).toBe(true);
  });

  it('5,000 offline lines in one request finish within seconds', async () => {
    const articles = [FX.milk, FX.juice, FX.cheese];
    const changes = Array.from({ length: 5000 }, (_, i) =>
      upsert(i + 1, uuid(), (i % 5) + 1, { articleId: articles[i % 3], unit: i % 3 === 2 ? 'kg' : 'Stück' }),
    );
    const started = performance.now();
    const res = await syncOk('device-BULK', changes);
    const seconds = (performance.now() - started) / 1000;
    console.info(`sync of 5,000 lines (${t.kind}): ${seconds.toFixed(2)} s`);
    expect(res.lastAppliedSeq).toBe(5000);
    expect(res.results.every((r) => r.status === 'applied')).toBe(true);
    expect(await lineRows()).toHaveLength(5000);
    expect(seconds).toBeLessThan(15);
  });
});
