import { SAFE_INPUT_MSG, type SyncResponse } from '@mde/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { captureRouteTestApp, FX, uuid } from '../../test/capture-fixtures';

// Input no database can store (NUL, lone surrogates, years outside 0001-9999) in any field of a sync change
// or of a REST capture route: the change is refused with a German reason, never a 500, and on the sync the
// other changes of the batch still apply. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

const ctx = captureRouteTestApp();

const NUL = 'St\u0000ck';
const SURROGATE = 'St\uD800ck';
const TEXT_VALUES = { NUL, 'lone surrogate': SURROGATE } as const;
const DATE_VALUES = {
  NUL: '2026-11-21\u0000',
  'lone surrogate': '2026-11-2\uDC001',
  'year 0': '0000-01-01',
  'year 10000': '10000-01-01',
} as const;
const TIME_VALUES = {
  NUL: '2026-11-21T09:00:00.000Z\u0000',
  'lone surrogate': '2026-11-21T09:00:00.000\uD83DZ',
  'year 0': '0000-06-01T09:00:00.000Z',
  'year 10000': '+010000-01-01T09:00:00.000Z',
  // Year 0001 in its own offset, year 0 in UTC: the instant is what the database stores.
  'year 0 in UTC': '0001-01-01T00:30:00+01:00',
  'year 10000 in UTC': '9999-12-31T23:30:00-01:00',
} as const;

// A lone surrogate has no UTF-8 form, so encodeURIComponent throws on it: a client sends its three raw bytes.
const inUrl = (v: string) => v.split('\uD800').map(encodeURIComponent).join('%ED%A0%80');
const base = '/api/v1/captures';
const module = 'order-proposal';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 9, minute)).toISOString();
const goodLine = (seq: number) => ({
  seq,
  clientId: uuid(),
  module,
  kind: 'upsert-line',
  payload: { articleId: FX.milk, quantity: seq, capturedAt: at(0) },
});
const sync = (deviceId: string, changes: unknown[]) =>
  ctx.demo({
    method: 'POST',
    url: `${base}/sync`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ deviceId, changes }),
  });
const appliedLines = async () =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from capture_line where deleted = false`.execute(ctx.t.db)).rows[0]
      ?.n,
  );

type Change = Record<string, unknown>;
const line = (payload: Change): Change => ({
  clientId: uuid(),
  module,
  kind: 'upsert-line',
  payload: { articleId: FX.milk, quantity: 1, capturedAt: at(1), ...payload },
});
const cases: [string, Change][] = [];
for (const [cls, v] of Object.entries(TEXT_VALUES)) {
  cases.push(
    [`envelope clientId (${cls})`, { ...line({}), clientId: v, kind: 'set-header', payload: {} }],
    [`envelope clientId of an upsert (${cls})`, { ...line({}), clientId: v }],
    [`envelope module (${cls})`, { ...line({}), module: `mde-${v}` }],
    [`envelope kind (${cls})`, { ...line({}), kind: `upsert-${v}` }],
    [`export key (${cls})`, { clientId: `key-${v}-0001`, module, kind: 'export', payload: {} }],
    [`upsert-line unit (${cls})`, line({ unit: v })],
    [`upsert-line storageLocation (${cls})`, line({ storageLocation: v })],
    [`upsert-line reason (${cls})`, line({ reason: v })],
  );
}
for (const [cls, v] of Object.entries(TIME_VALUES)) {
  cases.push(
    [`upsert-line capturedAt (${cls})`, line({ capturedAt: v })],
    [`upsert-line updatedAt (${cls})`, line({ updatedAt: v })],
    [`delete-line updatedAt (${cls})`, { clientId: uuid(), module, kind: 'delete-line', payload: { updatedAt: v } }],
    [`set-header updatedAt (${cls})`, { clientId: 'header', module, kind: 'set-header', payload: { updatedAt: v } }],
  );
}
for (const [cls, v] of Object.entries(DATE_VALUES)) {
  cases.push(
    [`set-header datum (${cls})`, { clientId: 'header', module, kind: 'set-header', payload: { datum: v } }],
    [
      `set-header belegdatum (${cls})`,
      { clientId: 'header', module: 'inventory-count', kind: 'set-header', payload: { belegdatum: v } },
    ],
  );
}
for (const payload of ['kaputt', 42, [1, 2], null, true]) {
  cases.push([`payload ${JSON.stringify(payload)} (not an object)`, { ...line({}), payload }]);
}
cases.push([`payload key (NUL)`, { ...line({}), payload: { articleId: FX.milk, quantity: 1, [NUL]: 1 } }]);

describe('sync: a change no database can store is rejected alone', () => {
  it.each(cases)('%s: rejected with a German reason, the other 49 changes applied', async (_name, bad) => {
    const changes = Array.from({ length: 50 }, (_, i) => (i === 20 ? { seq: 21, ...bad } : goodLine(i + 1)));
    const res = await sync(`device-${uuid()}`, changes);
    expect(res.statusCode).toBe(200);
    const body: SyncResponse = res.json();
    expect(body.lastAppliedSeq).toBe(50);
    const refused = body.results.find((r) => r.seq === 21);
    expect(refused?.status).toBe('rejected');
    expect(refused?.reason).toMatch(/^(Ungültige Änderung: |Der Artikel|Sie haben keine)/);
    expect(JSON.stringify(refused)).not.toMatch(/\\u0000|\\ud[89a-f]/i);
    expect(body.results.filter((r) => r.status === 'applied')).toHaveLength(49);
    expect(await appliedLines()).toBe(49);
  });

  it('names the rule in the reason (NUL in a unit)', async () => {
    const body: SyncResponse = (
      await sync('device-nul-unit', [{ seq: 1, ...line({ unit: NUL }) }, goodLine(2)])
    ).json();
    expect(body.results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    expect(body.results[0]?.reason).toBe(`Ungültige Änderung: unit: ${SAFE_INPUT_MSG.unsafeText}`);
  });

  it('a repeat of the batch answers the refused change as a duplicate of its rejection', async () => {
    const changes = [goodLine(1), { seq: 2, ...line({ capturedAt: TIME_VALUES['year 0'] }) }, goodLine(3)];
    await sync('device-repeat', changes);
    const again: SyncResponse = (await sync('device-repeat', changes)).json();
    expect(again.results.map((r) => [r.status, r.firstStatus])).toEqual([
      ['duplicate', 'applied'],
      ['duplicate', 'rejected'],
      ['duplicate', 'applied'],
    ]);
    expect(again.results[1]?.reason).toBe(`Ungültige Änderung: capturedAt: ${SAFE_INPUT_MSG.yearOutOfRange}`);
  });

  it.each([
    ['a deviceId with NUL', { deviceId: `device-${NUL}`, changes: [goodLine(1)] }],
    ['changes not an array', { deviceId: 'device-whole-1', changes: 'alle' }],
    ['a change without a seq', { deviceId: 'device-whole-2', changes: [goodLine(1), { ...line({}) }] }],
    ['a change that is not an object', { deviceId: 'device-whole-3', changes: [goodLine(1), 'kaputt'] }],
  ])('a body that is not a sync request (%s) is a 400 with a German message', async (_name, body) => {
    const res = await ctx.demo({
      method: 'POST',
      url: `${base}/sync`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.stringMatching(/[a-zäöü]/) });
    expect(res.json().message).not.toMatch(/expected|invalid input/i);
    expect(await appliedLines()).toBe(0);
  });
});

describe('REST capture routes: a value no database can store is a 400 with a German message', () => {
  const json = (method: 'PUT' | 'POST' | 'DELETE' | 'GET', url: string, payload?: unknown) =>
    ctx.demo({
      method,
      url,
      ...(payload === undefined
        ? {}
        : { headers: { 'content-type': 'application/json', 'idempotency-key': 'key-rest-0001' } }),
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const restCases: [string, () => ReturnType<typeof json>][] = [];
  const lineBody = (extra: Change) => ({ articleId: FX.milk, quantity: 1, capturedAt: at(1), ...extra });
  for (const [cls, v] of Object.entries(TEXT_VALUES)) {
    restCases.push(
      [`PUT line unit (${cls})`, () => json('PUT', `${base}/${module}/lines/${uuid()}`, lineBody({ unit: v }))],
      [
        `PUT line storageLocation (${cls})`,
        () => json('PUT', `${base}/${module}/lines/${uuid()}`, lineBody({ storageLocation: v })),
      ],
      [`PUT line reason (${cls})`, () => json('PUT', `${base}/${module}/lines/${uuid()}`, lineBody({ reason: v }))],
      [`PUT line clientId (${cls})`, () => json('PUT', `${base}/${module}/lines/${inUrl(v)}`, lineBody({}))],
      [`DELETE line clientId (${cls})`, () => json('DELETE', `${base}/${module}/lines/${inUrl(v)}`, {})],
    );
  }
  for (const [cls, v] of Object.entries(TIME_VALUES)) {
    restCases.push(
      [
        `PUT line capturedAt (${cls})`,
        () => json('PUT', `${base}/${module}/lines/${uuid()}`, lineBody({ capturedAt: v })),
      ],
      [
        `PUT line updatedAt (${cls})`,
        () => json('PUT', `${base}/${module}/lines/${uuid()}`, lineBody({ updatedAt: v })),
      ],
      [`DELETE line updatedAt (${cls})`, () => json('DELETE', `${base}/${module}/lines/${uuid()}`, { updatedAt: v })],
      [`PUT header updatedAt (${cls})`, () => json('PUT', `${base}/${module}/header`, { updatedAt: v })],
    );
  }
  for (const [cls, v] of Object.entries(DATE_VALUES)) {
    restCases.push(
      [`PUT header datum (${cls})`, () => json('PUT', `${base}/${module}/header`, { datum: v })],
      [`PUT header belegdatum (${cls})`, () => json('PUT', `${base}/inventory-count/header`, { belegdatum: v })],
    );
  }
  restCases.push([`GET suppliers q (NUL)`, () => json('GET', `${base}/suppliers?q=${inUrl(NUL)}`)]);
  restCases.push([`POST export edi (NUL)`, () => json('POST', `${base}/${module}/export`, { edi: NUL })]);

  it('a lone surrogate cannot reach the query: its bytes arrive as U+FFFD, an ordinary search', async () => {
    const res = await json('GET', `${base}/suppliers?q=${inUrl(SURROGATE)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each(restCases)('%s', async (_name, send) => {
    const res = await send();
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(body.message).not.toMatch(/expected|invalid input|Internal/i);
    expect(JSON.stringify(body)).not.toMatch(/\\u0000|\\ud[89a-f]/i);
    expect(await appliedLines()).toBe(0);
    const capture = (await ctx.demo({ method: 'GET', url: `${base}/${module}` })).json();
    expect(capture.header).toMatchObject({ datum: null, belegdatum: null });
  });
});
