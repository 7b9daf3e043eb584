import { randomUUID } from 'node:crypto';
import { DELIVERY_NOTE_MSG, type DeliveryNoteDetail, type DocumentSummary, IDEMPOTENCY_MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { as, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';
import { eventsOfType } from '../../test/test-events';

const t = useTestApp();
const demo = t.login(DEMO);
const base = '/api/v1/delivery-notes';

const post = (request: ReturnType<typeof as>, url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') =>
  request({ method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
const scan = (request: ReturnType<typeof as>, id: number, code: string, changeId = randomUUID()) =>
  post(request, `${base}/${id}/scans`, { changeId, code });

async function openNotes(): Promise<DocumentSummary[]> {
  const res = await demo({ method: 'GET', url: `${base}?status=offen` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function detail(id: number): Promise<DeliveryNoteDetail> {
  return (await demo({ method: 'GET', url: `${base}/${id}` })).json();
}
/** The EAN-13 printed on one piece of the article. */
async function eanOf(articleId: number) {
  const row = await t.db
    .selectFrom('article_code')
    .where('article_id', '=', articleId)
    .where('code_type', '=', 'ean13')
    .where('factor', '=', 1)
    .select('gtin14')
    .orderBy('gtin14')
    .executeTakeFirst();
  if (!row) throw new Error(`article ${articleId} has no EAN-13`);
  return row.gtin14.slice(1);
}
async function grant(username: string, permission: string) {
  const user = await t.db
    .selectFrom('app_user')
    .where('username', '=', username)
    .select('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('user_permission').values({ user_id: user.id, permission }).execute();
}
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let noteCounter = 0;
/** A new open delivery note of vkforg 11 delivering a demo order, with an article that has an EAN-13 of one piece. */
async function freshNote() {
  const order = await t.db
    .selectFrom('purchase_order')
    .where('vkforg_id', '=', 11)
    .selectAll()
    .orderBy('id')
    .offset(noteCounter % 10)
    .limit(1)
    .executeTakeFirstOrThrow();
  const lines = await t.db.selectFrom('purchase_order_line').where('order_id', '=', order.id).selectAll().execute();
  const receipt = await t.db
    .insertInto('goods_receipt')
    .values({
      firma_id: 1,
      vkforg_id: 11,
      supplier_id: order.supplier_id,
      number: `LS-TEST-${++noteCounter}`,
      reference_number: order.number,
      order_id: order.id,
      receipt_date: isoDay(0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('goods_receipt_line')
    .values(lines.map(({ order_id: _o, ...l }) => ({ ...l, receipt_id: receipt.id })))
    .execute();
  const note = await detail(Number(receipt.id));
  for (const line of note.lines) {
    const ean = await eanOf(line.articleId).catch(() => null);
    if (ean) return { note, line, ean };
  }
  throw new Error('no demo article with an EAN-13 on the note');
}

describe('the delivery-note list', () => {
  it('lists the goods receipts of the vkforg, filtered by status and supplier', async () => {
    const all: DocumentSummary[] = (await demo({ method: 'GET', url: base })).json();
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect((await openNotes()).every((n) => n.status === 'offen')).toBe(true);
    const supplierId = all[0]?.supplierId;
    const bySupplier: DocumentSummary[] = (
      await demo({ method: 'GET', url: `${base}?supplierId=${supplierId}` })
    ).json();
    expect(bySupplier.length).toBeGreaterThan(0);
    expect(bySupplier.every((n) => n.supplierId === supplierId)).toBe(true);
    expect((await demo({ method: 'GET', url: `${base}?status=erledigt` })).statusCode).toBe(400);
  });

  it('shows a note with its expected quantities, nothing counted yet', async () => {
    const [note] = await openNotes();
    const d = await detail(note?.id ?? 0);
    expect(d.lines.length).toBe(note?.lineCount);
    expect(d.lines.every((l) => l.expected > 0 && l.counted === 0 && !l.unexpected)).toBe(true);
    expect(d).toMatchObject({ bookedAt: null, bookedBy: null });
    const missing = await demo({ method: 'GET', url: `${base}/999999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(DELIVERY_NOTE_MSG.notFound);
  });
});

describe('counting by scans', () => {
  it('counts a piece per scan, applies a resent scan once, and puts the note in Prüfung', async () => {
    const { note, line, ean } = await freshNote();
    const changeId = randomUUID();
    expect((await scan(demo, note.id, ean, changeId)).statusCode).toBe(200);
    const again = await scan(demo, note.id, ean, changeId);
    expect(again.statusCode).toBe(200);
    const counted = (again.json() as DeliveryNoteDetail).lines.find((l) => l.articleId === line.articleId);
    expect(counted?.counted).toBeCloseTo(1 / line.factor, 3);
    expect(again.json().status).toBe('in Prüfung');
  });

  it('adds an article the note does not list as flagged surplus; an unknown code is a German 404', async () => {
    const { note } = await freshNote();
    const other = await t.db
      .selectFrom('article_code as c')
      .innerJoin('article_listing as l', (j) => j.onRef('l.article_id', '=', 'c.article_id').on('l.vkforg_id', '=', 11))
      .where('c.code_type', '=', 'ean13')
      .where('c.factor', '=', 1)
      .where(
        'c.article_id',
        'not in',
        note.lines.map((l) => l.articleId),
      )
      .select(['c.article_id', 'c.gtin14'])
      .executeTakeFirstOrThrow();
    const res = await scan(demo, note.id, other.gtin14.slice(1));
    expect(res.statusCode).toBe(200);
    const surplus = (res.json() as DeliveryNoteDetail).lines.find((l) => l.articleId === other.article_id);
    expect(surplus).toMatchObject({ expected: 0, counted: 1, difference: 1, unexpected: true });
    const unknown = await scan(demo, note.id, '4000000000000');
    expect([404, 422]).toContain(unknown.statusCode);
    expect(unknown.json().message).toMatch(/Artikel|Prüfziffer/);
  });

  it('takes a corrected quantity in the line unit', async () => {
    const { note, line } = await freshNote();
    const res = await post(
      demo,
      `${base}/${note.id}/counts/${line.articleId}`,
      { changeId: randomUUID(), quantity: 2.5 },
      'PUT',
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as DeliveryNoteDetail).lines.find((l) => l.articleId === line.articleId)?.counted).toBe(2.5);
    const negative = await post(
      demo,
      `${base}/${note.id}/counts/${line.articleId}`,
      { changeId: randomUUID(), quantity: -1 },
      'PUT',
    );
    expect(negative.statusCode).toBe(400);
  });

  it.each([0.0001, 2.00049, 1.2345])(
    'refuses a corrected quantity %s with more than three decimals',
    async (quantity) => {
      const { note, line } = await freshNote();
      const url = `${base}/${note.id}/counts/${line.articleId}`;
      const res = await post(demo, url, { changeId: randomUUID(), quantity }, 'PUT');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        fields: { quantity: 'Die Menge darf höchstens drei Nachkommastellen haben' },
      });
      expect((await detail(note.id)).lines.find((l) => l.articleId === line.articleId)?.counted).toBe(0);
    },
  );

  it('two users counting one note at once both count, and each sees the other’s count', async () => {
    await grant('filiale', 'SOFTAPPS.DELIVERY_NOTE_EDIT');
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    const { note, line, ean } = await freshNote();
    const scans = Array.from({ length: 8 }, (_, i) => scan(i % 2 === 0 ? demo : filiale, note.id, ean));
    const answers = await Promise.all(scans);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const seen: DeliveryNoteDetail = (await filiale({ method: 'GET', url: `${base}/${note.id}` })).json();
    expect(seen.lines.find((l) => l.articleId === line.articleId)?.counted).toBeCloseTo(8 / line.factor, 3);
  });
});

describe('changes sent again (offline outbox)', () => {
  it('a change key sent twice and in parallel applies once, for scans and corrections', async () => {
    const { note, line, ean } = await freshNote();
    const scanKey = randomUUID();
    const scans = await Promise.all(Array.from({ length: 4 }, () => scan(demo, note.id, ean, scanKey)));
    expect(scans.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await scan(demo, note.id, ean, scanKey)).statusCode).toBe(200);
    const afterScans = await detail(note.id);
    expect(afterScans.lines.find((l) => l.articleId === line.articleId)?.counted).toBeCloseTo(1 / line.factor, 3);

    // A correction resent after a newer scan does not undo that scan.
    const correctionKey = randomUUID();
    const correct = () =>
      post(demo, `${base}/${note.id}/counts/${line.articleId}`, { changeId: correctionKey, quantity: 5 }, 'PUT');
    const corrections = await Promise.all([correct(), correct()]);
    expect(corrections.map((a) => a.statusCode)).toEqual([200, 200]);
    await scan(demo, note.id, ean);
    expect((await correct()).statusCode).toBe(200);
    const counted = (await detail(note.id)).lines.find((l) => l.articleId === line.articleId)?.counted ?? 0;
    expect(counted).toBeCloseTo(5 + 1 / line.factor, 3);
    const rows = await t.db
      .selectFrom('goods_receipt_change')
      .where('receipt_id', '=', note.id)
      .select('change_id')
      .execute();
    expect(rows.filter((r) => r.change_id === scanKey || r.change_id === correctionKey)).toHaveLength(2);
  });

  it('refuses the booking key sent again with another warehouse (German 422); the stock stays as booked', async () => {
    const { note, ean } = await freshNote();
    await scan(demo, note.id, ean);
    const other = await t.db
      .selectFrom('warehouse')
      .where('vkforg_id', '=', 11)
      .where('id', '!=', 1101)
      .select('id')
      .executeTakeFirstOrThrow();
    const changeId = randomUUID();
    const first = await post(demo, `${base}/${note.id}/booking`, { changeId });
    expect(first.statusCode, first.body).toBe(200);
    const same = await post(demo, `${base}/${note.id}/booking`, { changeId, warehouseId: 1101 });
    expect(same.statusCode).toBe(200);
    const moved = await post(demo, `${base}/${note.id}/booking`, { changeId, warehouseId: other.id });
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toEqual({ message: IDEMPOTENCY_MSG.keyReused, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await detail(note.id)).status).toBe('gebucht');
  });

  it('a booking key sent twice in parallel books once; the stock rises once', async () => {
    const { note, line, ean } = await freshNote();
    await scan(demo, note.id, ean);
    const stock = async () =>
      Number(
        (
          await t.db
            .selectFrom('article_stock')
            .where('article_id', '=', line.articleId)
            .where('warehouse_id', '=', 1101)
            .select('quantity')
            .executeTakeFirst()
        )?.quantity ?? 0,
      );
    const before = await stock();
    const changeId = randomUUID();
    const answers = await Promise.all([0, 1, 2].map(() => post(demo, `${base}/${note.id}/booking`, { changeId })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await stock()).toBeCloseTo(before + 1, 3);
    const other = await post(demo, `${base}/${note.id}/booking`, { changeId: randomUUID() });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(DELIVERY_NOTE_MSG.alreadyBooked);
  });
});

describe('the offline copy', () => {
  it('holds the notes due around today with their lines and counts', async () => {
    const { note, line, ean } = await freshNote();
    await scan(demo, note.id, ean);
    const res = await demo({ method: 'GET', url: `${base}/offline` });
    expect(res.statusCode).toBe(200);
    const copy: DeliveryNoteDetail[] = res.json();
    const kept = copy.find((n) => n.id === note.id);
    expect(kept?.lines.length).toBe(note.lines.length);
    expect(kept?.lines.find((l) => l.articleId === line.articleId)?.counted).toBeCloseTo(1 / line.factor, 3);
    expect(copy.every((n) => n.date >= isoDay(-3) && n.date <= isoDay(7))).toBe(true);
  });
});

describe('booking', () => {
  it('books once: stock rises by the counted quantity, the difference is recorded, a second booking is 409', async () => {
    const { note, line, ean } = await freshNote();
    for (let i = 0; i < 3; i++) await scan(demo, note.id, ean);
    const stockBefore = await t.db
      .selectFrom('article_stock')
      .where('article_id', '=', line.articleId)
      .where('warehouse_id', '=', 1101)
      .select('quantity')
      .executeTakeFirst();
    const changeId = randomUUID();
    const res = await post(demo, `${base}/${note.id}/booking`, { changeId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'gebucht', bookedBy: 'Dana Demo', warehouseId: 1101 });
    // The booking is an event of the ERP feed, with the booked quantity and the scanned code per line.
    const event = (await eventsOfType(t.db, 'delivery-note.booked')).find((e) => e.document.id === note.id);
    expect(event).toMatchObject({ user_name: 'demo', document: { status: 'gebucht' } });
    expect(event?.document.lines).toContainEqual(
      expect.objectContaining({
        articleId: line.articleId,
        quantity: 3 / line.factor,
        unit: line.unit,
        code: expect.any(String),
      }),
    );
    const stockAfter = await t.db
      .selectFrom('article_stock')
      .where('article_id', '=', line.articleId)
      .where('warehouse_id', '=', 1101)
      .select('quantity')
      .executeTakeFirstOrThrow();
    expect(Number(stockAfter.quantity)).toBeCloseTo(Number(stockBefore?.quantity ?? 0) + 3, 3);
    const recorded = await t.db
      .selectFrom('goods_receipt_booking_line')
      .where('receipt_id', '=', note.id)
      .selectAll()
      .execute();
    expect(recorded).toHaveLength(note.lines.length);
    const booked = recorded.find((r) => r.article_id === line.articleId);
    expect(Number(booked?.booked)).toBe(3);
    expect(Number(booked?.difference)).toBeCloseTo(3 - line.expected * line.factor, 3);

    // The same booking sent again answers as before; another one is refused, and so is a count.
    expect((await post(demo, `${base}/${note.id}/booking`, { changeId })).statusCode).toBe(200);
    const twice = await post(demo, `${base}/${note.id}/booking`, { changeId: randomUUID() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: DELIVERY_NOTE_MSG.alreadyBooked, code: 'ALREADY_BOOKED' });
    expect((await scan(demo, note.id, ean)).statusCode).toBe(409);
  });

  it('two bookings at once: exactly one books', async () => {
    const { note } = await freshNote();
    const answers = await Promise.all(
      [0, 1].map(() => post(demo, `${base}/${note.id}/booking`, { changeId: randomUUID() })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('permissions (spec §6)', () => {
  it('reads without SOFTAPPS.DELIVERY_NOTE_EDIT only with WARENVERPROBUNG; writes need it', async () => {
    const extern = as(t.app, await loginAs(t.app, { username: 'extern', password: 'Extern1234!' }));
    expect((await extern({ method: 'GET', url: base })).statusCode).toBe(403);
    await grant('extern', 'WARENVERPROBUNG');
    const reader = as(t.app, await loginAs(t.app, { username: 'extern', password: 'Extern1234!' }));
    const notes: DocumentSummary[] = (await reader({ method: 'GET', url: base })).json();
    expect(notes.length).toBeGreaterThan(0);
    const id = notes[0]?.id ?? 0;
    expect((await reader({ method: 'GET', url: `${base}/${id}` })).statusCode).toBe(200);
    expect((await scan(reader, id, '1')).statusCode).toBe(403);
    expect((await post(reader, `${base}/${id}/booking`, { changeId: randomUUID() })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
  });
});

describe('the change id is the outbox key', () => {
  it('refuses the same changeId with another scan (German 422) and counts nothing for it', async () => {
    const { note, line, ean } = await freshNote();
    const changeId = randomUUID();
    expect((await scan(demo, note.id, ean, changeId)).statusCode).toBe(200);
    const other = await scan(demo, note.id, `${ean}9`, changeId);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toEqual({ message: IDEMPOTENCY_MSG.keyReused, code: 'IDEMPOTENCY_KEY_REUSED' });
    const after = (await scan(demo, note.id, ean, changeId)).json() as DeliveryNoteDetail;
    expect(after.lines.find((l) => l.articleId === line.articleId)?.counted).toBeCloseTo(1 / line.factor, 3);
  });
});

describe('download of a booked note (docs/integration.md#belege-herunterladen)', () => {
  it('is a CSV or JSON file once booked, for readers of the note in its store', async () => {
    const { note, ean } = await freshNote();
    await scan(demo, note.id, ean);
    const url = (format: string) => `${base}/${note.id}/download?format=${format}`;
    // Not booked yet: there is no document to download.
    expect((await demo({ method: 'GET', url: url('csv') })).statusCode).toBe(404);
    expect((await post(demo, `${base}/${note.id}/booking`, { changeId: randomUUID() })).statusCode).toBe(200);

    const csv = await demo({ method: 'GET', url: url('csv') });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="Lieferschein_1100_${isoDay(0)}_${note.number.replace(/[^A-Za-z0-9.-]+/g, '-')}.csv"`,
    );
    expect(csv.body.startsWith('\uFEFFFirma;Verkaufsorganisation;Lager;Lieferant;Belegart;Belegnummer;')).toBe(true);
    const json = await demo({ method: 'GET', url: url('json') });
    expect(json.json()).toMatchObject({
      id: `delivery-note-${note.id}`,
      type: 'delivery-note.booked',
      erp: { firma: 1, vkforg: '1100' },
      document: { number: note.number, erp: { warehouse: 'L01', supplier: note.supplierNumber } },
    });

    expect((await t.app.inject({ method: 'GET', url: url('csv') })).statusCode).toBe(401);
    // Without SOFTAPPS.DELIVERY_NOTE_EDIT and WARENVERPROBUNG (a test above granted Fritz Filiale the first).
    const filialeId = (
      await t.db.selectFrom('app_user').where('username', '=', 'filiale').select('id').executeTakeFirstOrThrow()
    ).id;
    const readers = ['SOFTAPPS.DELIVERY_NOTE_EDIT', 'WARENVERPROBUNG'];
    const held = await t.db
      .deleteFrom('user_permission')
      .where('user_id', '=', filialeId)
      .where('permission', 'in', readers)
      .returning('permission')
      .execute();
    try {
      const filiale = as(t.app, await loginAs(t.app, FILIALE));
      expect((await filiale({ method: 'GET', url: url('csv') })).statusCode).toBe(403);
    } finally {
      for (const { permission } of held) await grant('filiale', permission);
    }
    const patch = (vkforgid: number) =>
      demo({
        method: 'PATCH',
        url: '/api/v1/security/user/context',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ vkforgid }),
      });
    try {
      for (const vkforg of [12, 21]) {
        expect((await patch(vkforg)).statusCode).toBe(200);
        expect((await demo({ method: 'GET', url: url('csv') })).statusCode, `store ${vkforg}`).toBe(404);
      }
    } finally {
      expect((await patch(11)).statusCode).toBe(200);
    }
  });
});
