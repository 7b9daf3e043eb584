import { GEO_MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { FX, insertFixtures, now, resetCaptures, uuid } from '../../test/capture-fixtures';
import { DEMO, useTestApp } from '../../test/test-app';

// docs/spec.md §3 geo position: the position the device took when the user exported travels with the export, is
// checked, stored with the document and shown in its answer; an export without one is just as good.

const t = useTestApp({ prepare: (t) => insertFixtures(t.db) });
const demo = t.login(DEMO);
beforeEach(() => resetCaptures(t.db));

const base = '/api/v1/captures';
const POSITION = {
  gpslaenge: 13.405,
  gpsbreite: 52.52,
  gpshoehe: 34.5,
  genauigkeit: 12,
  genauigkeithoehe: null,
  richtung: 270,
  geschwindigkeit: 0,
};
const json = (method: 'PUT' | 'POST', url: string, payload: unknown, headers: Record<string, string> = {}) =>
  demo({ method, url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
const line = () =>
  json('PUT', `${base}/order-proposal/lines/${uuid()}`, { articleId: FX.milk, quantity: 2, capturedAt: now() });
const exportIt = (body: unknown, key = uuid()) =>
  json('POST', `${base}/order-proposal/export`, body, { 'idempotency-key': key });
const storedPositions = async () =>
  (await sql<{ position: unknown }>`select position from capture_document order by id`.execute(t.db)).rows.map(
    (r) => r.position,
  );

describe('export with the position where it was made', () => {
  it('stores the position with the document and shows it in the export, the list and the document', async () => {
    await line();
    const res = await exportIt({ position: POSITION });
    expect(res.statusCode).toBe(200);
    const [document] = res.json().documents;
    expect(document.position).toEqual(POSITION);
    expect(await storedPositions()).toEqual([POSITION]);
    const list = (await demo({ method: 'GET', url: `${base}/order-proposal/documents` })).json();
    expect(list[0].position).toEqual(POSITION);
    const detail = (await demo({ method: 'GET', url: `${base}/order-proposal/documents/${document.id}` })).json();
    expect(detail.position).toEqual(POSITION);
  });

  it('an export without a position goes through and shows none', async () => {
    await line();
    const res = await exportIt({});
    expect(res.statusCode).toBe(200);
    expect(res.json().documents[0].position).toBeNull();
    expect(await storedPositions()).toEqual([null]);
  });

  it.each([
    ['latitude off the globe', { gpsbreite: 90.5 }],
    ['longitude off the globe', { gpslaenge: -181 }],
    ['negative accuracy', { genauigkeit: -3 }],
    ['heading beyond 360', { richtung: 361 }],
    ['negative speed', { geschwindigkeit: -1 }],
  ])('refuses %s with a German 400 and stores nothing', async (_name, change) => {
    await line();
    const res = await exportIt({ position: { ...POSITION, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Die Anfrage ist ungültig');
    expect(Object.values(res.json().fields)).toContain(GEO_MSG.invalid);
    expect(await storedPositions()).toEqual([]);
    expect((await demo({ method: 'GET', url: `${base}/order-proposal` })).json().lines).toHaveLength(1);
  });

  it('latitude as text is a German 400 as well', async () => {
    await line();
    const res = await exportIt({ position: { ...POSITION, gpsbreite: '52,52' } });
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().fields)).toEqual(['Ungültiger Wert']);
    expect(await storedPositions()).toEqual([]);
  });

  it('a number JSON cannot carry (1e999 reads as Infinity) is refused as well', async () => {
    await line();
    const body = JSON.stringify({ position: POSITION }).replace('"genauigkeit":12', '"genauigkeit":1e999');
    const res = await demo({
      method: 'POST',
      url: `${base}/order-proposal/export`,
      headers: { 'content-type': 'application/json', 'idempotency-key': uuid() },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(await storedPositions()).toEqual([]);
  });

  it('a replayed export keeps the first position; the same key with another position is refused', async () => {
    await line();
    const key = uuid();
    const first = await exportIt({ position: POSITION }, key);
    const again = await exportIt({ position: POSITION }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const moved = await exportIt({ position: { ...POSITION, gpsbreite: 48.1 } }, key);
    expect(moved.statusCode).toBe(422);
    expect(await storedPositions()).toEqual([POSITION]);
  });

  it('an export from the offline outbox carries the position taken when the user exported', async () => {
    const exportChange = {
      seq: 2,
      clientId: uuid(),
      module: 'order-proposal',
      kind: 'export',
      payload: { position: POSITION },
    };
    const upsert = {
      seq: 1,
      clientId: uuid(),
      module: 'order-proposal',
      kind: 'upsert-line',
      payload: { articleId: FX.milk, quantity: 1, capturedAt: now() },
    };
    const sync = (changes: unknown[]) => json('POST', `${base}/sync`, { deviceId: 'device-geo-1', changes });
    const first = (await sync([upsert, exportChange])).json();
    expect(first.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect(first.results[1].export.documents[0].position).toEqual(POSITION);
    const replay = (
      await sync([upsert, { ...exportChange, payload: { position: { ...POSITION, gpslaenge: 1 } } }])
    ).json();
    expect(replay.results[1].export.documents[0].position).toEqual(POSITION);
    expect(await storedPositions()).toEqual([POSITION]);
    const bad = (
      await sync([
        { ...upsert, seq: 3, clientId: uuid() },
        { ...exportChange, seq: 4, clientId: uuid(), payload: { position: { ...POSITION, gpsbreite: -91 } } },
      ])
    ).json();
    expect(bad.results[1]).toMatchObject({ status: 'rejected' });
    expect(bad.results[1].reason).toContain(GEO_MSG.invalid);
    expect(await storedPositions()).toEqual([POSITION]);
  });
});
