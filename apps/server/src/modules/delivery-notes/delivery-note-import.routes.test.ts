import { randomUUID } from 'node:crypto';
import { DELIVERY_NOTE_MSG, type DeliveryNoteDetail, deliveryNoteRoute, SAFE_INPUT_MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { as, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';
import { addTestUser } from '../../test/test-users';

// Delivery notes arrive from an ERP or EDI link: the note is stored and everyone who may open the vkforg's
// notes is told once, in the same transaction.

const base = '/api/v1/delivery-notes';
const PASSWORD = 'Lager1234!x';
const users: Record<string, number> = {};
let supplierNumber = '';
let codes: string[] = [];

/** A user of vkforg 11's account with the given permissions and vkforgs. */
async function addUser(username: string, permissions: string[], vkforgs: number[]) {
  users[username] = await addTestUser(t.db, { username, password: PASSWORD, permissions, vkforgs });
}

const t = useTestApp({
  env: { PUSH_WORKER: 'false' },
  prepare: async (t) => {
    for (const u of await t.db.selectFrom('app_user').select(['id', 'username']).execute()) users[u.username] = u.id;
    await addUser('wv-hamburg', ['WARENVERPROBUNG'], [11]);
    await addUser('ls-hamburg', ['SOFTAPPS.DELIVERY_NOTE_EDIT'], [11]);
    await addUser('ls-luebeck', ['SOFTAPPS.DELIVERY_NOTE_EDIT'], [12]);
    await addUser('info-hamburg', ['ARTIKELINFO'], [11]);
    supplierNumber = (
      await t.db
        .selectFrom('supplier')
        .where('firma_id', '=', 1)
        .select('number')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).number;
    // Two articles listed in vkforg 11: one by its article number, one by an EAN-13 of a piece.
    const listed = await t.db
      .selectFrom('article_code as c')
      .innerJoin('article as a', 'a.id', 'c.article_id')
      .innerJoin('article_listing as l', (j) => j.onRef('l.article_id', '=', 'c.article_id').on('l.vkforg_id', '=', 11))
      .where('c.code_type', '=', 'ean13')
      .where('c.factor', '=', 1)
      .select(['a.number', 'c.gtin14'])
      .orderBy('a.id')
      .limit(20)
      .execute();
    const second = listed.find((r) => r.number !== listed[0]?.number);
    codes = [listed[0]?.number ?? '', second?.gtin14.slice(1) ?? ''];
  },
});
const demo = t.login(DEMO);

let counter = 0;
const note = (overrides: Record<string, unknown> = {}) => ({
  supplierNumber,
  number: `EDI-${Date.now()}-${++counter}`,
  date: '2026-11-27',
  vkforgId: 11,
  lines: [
    { articleCode: codes[0], quantity: 12 },
    { articleCode: codes[1], quantity: 2.5 },
  ],
  ...overrides,
});
const send = (request: ReturnType<typeof as>, body: unknown, key?: string) =>
  request({
    method: 'POST',
    url: base,
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const notificationsOf = (route: string) =>
  t.db.selectFrom('notification').where('route', '=', route).select(['user_id', 'title', 'text']).execute();
const totals = async () => {
  const count = async (table: 'goods_receipt' | 'goods_receipt_line' | 'notification') =>
    Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(t.db)).rows[0]?.n);
  return {
    notes: await count('goods_receipt'),
    lines: await count('goods_receipt_line'),
    told: await count('notification'),
  };
};

describe('a delivery note arriving', () => {
  it('stores the open note with its lines and tells each user who may open the vkforg’s notes once', async () => {
    const body = note();
    const res = await send(demo, body);
    expect(res.statusCode, res.body).toBe(201);
    const created: DeliveryNoteDetail = res.json();
    expect(created).toMatchObject({ number: body.number, status: 'offen', date: '2026-11-27', lineCount: 2 });
    expect(created.lines.map((l) => [l.expected, l.counted])).toEqual([
      [12, 0],
      [2.5, 0],
    ]);
    const told = await notificationsOf(deliveryNoteRoute(created.id));
    expect(told.map((n) => n.user_id).sort((a, b) => a - b)).toEqual(
      [users.demo, users['wv-hamburg'], users['ls-hamburg']].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    for (const n of told) {
      expect(n.title).toBe('Lieferschein eingetroffen');
      expect(n.text).toBe(`${created.supplierName}: Lieferschein ${body.number} ist eingetroffen.`);
    }
    expect(deliveryNoteRoute(created.id)).toBe(`/delivery-note-processing?beleg=${created.id}`);
    // The note is in the list of the vkforg at once.
    const list: { id: number }[] = (await demo({ method: 'GET', url: `${base}?status=offen` })).json();
    expect(list.some((n) => n.id === created.id)).toBe(true);
  });

  it('the same import sent again (and in parallel) under its Idempotency-Key makes one note and one notice each', async () => {
    const body = note();
    const key = randomUUID();
    const answers = await Promise.all([0, 1, 2].map(() => send(demo, body, key)));
    // A resend gets the first answer (201), marked as replayed.
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    const ids = new Set(answers.map((a) => (a.json() as DeliveryNoteDetail).id));
    expect(ids.size).toBe(1);
    const again = await send(demo, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const id = [...ids][0] ?? 0;
    expect(await notificationsOf(deliveryNoteRoute(id))).toHaveLength(3);
    const stored = await t.db.selectFrom('goods_receipt').where('number', '=', body.number).select('id').execute();
    expect(stored).toHaveLength(1);
  });

  it('another note of the same supplier and number is a German 409; nothing more is written', async () => {
    const body = note();
    expect((await send(demo, body)).statusCode).toBe(201);
    const before = await totals();
    const twice = await send(demo, { ...body, lines: [{ articleCode: codes[0], quantity: 1 }] }, randomUUID());
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'DUPLICATE_DELIVERY_NOTE', message: DELIVERY_NOTE_MSG.duplicate });
    expect(await totals()).toEqual(before);
  });
});

describe('who may send one', () => {
  it('needs SOFTAPPS.DELIVERY_NOTE_EDIT (403 in German) and a vkforg of the user', async () => {
    const before = await totals();
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    const reader = as(t.app, await loginAs(t.app, { username: 'wv-hamburg', password: PASSWORD }));
    for (const request of [filiale, reader]) {
      const res = await send(request, note());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Sie haben keine Berechtigung für diese Aktion');
    }
    const luebeck = as(t.app, await loginAs(t.app, { username: 'ls-luebeck', password: PASSWORD }));
    const foreign = await send(luebeck, note({ vkforgId: 11 }));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(DELIVERY_NOTE_MSG.unknownVkforg);
    expect((await send(demo, note({ vkforgId: 99 }))).statusCode).toBe(403);
    expect(await totals()).toEqual(before);
    expect((await t.app.inject({ method: 'POST', url: base, payload: note() })).statusCode).toBe(401);
  });

  it('users of another vkforg or without the permission are not told', async () => {
    const inLuebeck = await t.db
      .selectFrom('article_listing as l')
      .innerJoin('article as a', 'a.id', 'l.article_id')
      .where('l.vkforg_id', '=', 12)
      .select('a.number')
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    const res = await send(demo, note({ vkforgId: 12, lines: [{ articleCode: inLuebeck.number, quantity: 1 }] }));
    expect(res.statusCode, res.body).toBe(201);
    const told = await notificationsOf(deliveryNoteRoute((res.json() as DeliveryNoteDetail).id));
    // demo and the Lübeck editor; not the Hamburg users, not filiale, not the user without the permission.
    expect(told.map((n) => n.user_id).sort((a, b) => a - b)).toEqual(
      [users.demo, users['ls-luebeck']].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
  });
});

describe('bad input', () => {
  const refused: [string, unknown, RegExp | string][] = [
    ['a NUL byte', note({ number: 'LS\u0000 1' }), SAFE_INPUT_MSG.unsafeText],
    ['year 0', note({ date: '0000-05-01' }), /./],
    ['an impossible date', note({ date: '2026-02-30' }), /./],
    ['a negative quantity', note({ lines: [{ articleCode: codes[0], quantity: -1 }] }), /./],
    ['four decimals', note({ lines: [{ articleCode: codes[0], quantity: 1.2345 }] }), /./],
    ['a quantity as text', note({ lines: [{ articleCode: codes[0], quantity: '1' }] }), /./],
    ['no lines', note({ lines: [] }), /./],
    ['501 lines', note({ lines: Array.from({ length: 501 }, () => ({ articleCode: codes[0], quantity: 1 })) }), /./],
    ['an unknown field', { ...note(), extra: 1 }, /./],
  ];
  it.each(refused)('%s is a German 400 and writes nothing', async (_name, body, message) => {
    const before = await totals();
    const res = await send(demo, body);
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json() as { message: string };
    if (typeof message === 'string') expect(answer.message).toBe(message);
    expect(answer.message).not.toMatch(/Expected|Invalid input|must be/);
    expect(await totals()).toEqual(before);
  });

  it('a lone surrogate is a German 400 and writes nothing', async () => {
    const before = await totals();
    const raw = JSON.stringify(note()).replace('"supplierNumber":"', '"supplierNumber":"\\ud800');
    const res = await send(demo, raw);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SAFE_INPUT_MSG.unsafeText);
    expect(await totals()).toEqual(before);
  });

  it('an unknown article code names its position; an unknown supplier is named; nothing is written', async () => {
    const before = await totals();
    const unknown = await send(
      demo,
      note({
        lines: [
          { articleCode: codes[0], quantity: 1 },
          { articleCode: 'X-NOPE-1', quantity: 1 },
        ],
      }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Position 2: .*Artikel/);
    const supplier = await send(demo, note({ supplierNumber: 'NIEMAND' }));
    expect(supplier.statusCode).toBe(400);
    expect(supplier.json().message).toBe(DELIVERY_NOTE_MSG.unknownSupplier);
    expect(await totals()).toEqual(before);
  });
});
