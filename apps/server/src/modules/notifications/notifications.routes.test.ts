import { randomUUID } from 'node:crypto';
import { NOTIFICATION_MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { as, createSecondInstance, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';
import { notify } from './notifications.events';

let demoId: number;
let filialeId: number;
const t = useTestApp({
  env: { PUSH_WORKER: 'false' },
  prepare: async (t) => {
    const users = await t.db.selectFrom('app_user').select(['id', 'username']).execute();
    demoId = users.find((u) => u.username === 'demo')?.id ?? 0;
    filialeId = users.find((u) => u.username === 'filiale')?.id ?? 0;
  },
});
const demo = t.login(DEMO);
const filiale = t.login(FILIALE);
beforeEach(async () => {
  await sql`delete from notification`.execute(t.db);
  await sql`delete from rate_limit`.execute(t.db);
});

const base = '/api/v1/notifications';
const list = async (request: ReturnType<typeof as>, query = '') => {
  const res = await request({ method: 'GET', url: `${base}${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { id: number; title: string; route: string; readtime: string | null }[];
    nextBefore: number | null;
    unread: number;
  };
};
const post = (request: ReturnType<typeof as>, url: string, payload: unknown = {}) =>
  request({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
const make = async (userId: number, n: number) => {
  const ids: number[] = [];
  for (let i = 1; i <= n; i++)
    ids.push(await notify(t.db, userId, { title: `Titel ${i}`, text: `Text ${i}`, route: '/' }));
  return ids;
};

describe('list', () => {
  it('is empty at first, with no unread entries', async () => {
    expect(await list(demo)).toEqual({ items: [], nextBefore: null, unread: 0 });
    expect((await demo({ method: 'GET', url: `${base}/unread-count` })).json()).toEqual({ unread: 0 });
  });

  it('pages newest first by id, and filters the unread ones', async () => {
    const ids = await make(demoId, 5);
    const first = await list(demo, '?limit=2');
    expect(first.items.map((i) => i.id)).toEqual([ids[4], ids[3]]);
    expect(first.unread).toBe(5);
    const second = await list(demo, `?limit=2&before=${first.nextBefore}`);
    expect(second.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    const third = await list(demo, `?limit=2&before=${second.nextBefore}`);
    expect(third.items.map((i) => i.id)).toEqual([ids[0]]);
    expect(third.nextBefore).toBeNull();

    await post(demo, `${base}/${ids[4]}/read`);
    const unread = await list(demo, '?filter=unread');
    expect(unread.items.map((i) => i.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(unread.unread).toBe(4);
    expect((await list(demo, '?filter=all')).items).toHaveLength(5);
  });

  it('refuses a bad filter, limit or cursor with a German 400', async () => {
    for (const query of ['?filter=gelesen', '?limit=0', '?limit=101', '?before=abc', '?extra=1']) {
      const res = await demo({ method: 'GET', url: `${base}${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/[äöüÄÖÜß]|Ungültig|Wert|Eingabe/);
    }
  });

  it('keeps entries 90 days: older ones are not listed and go with the next notification', async () => {
    const [old] = await make(demoId, 1);
    await sql`update notification set created_at = now() - interval '91 days' where id = ${old}`.execute(t.db);
    expect((await list(demo)).items).toEqual([]);
    expect((await list(demo)).unread).toBe(0);
    await make(demoId, 1);
    const left = await sql<{ id: number }>`select id from notification where user_id = ${demoId}`.execute(t.db);
    expect(left.rows.map((r) => r.id)).not.toContain(old);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
  });
});

describe('owner only', () => {
  it("another user neither lists, marks nor deletes one's entries", async () => {
    const [id] = await make(demoId, 1);
    expect((await list(filiale)).items).toEqual([]);
    for (const res of [
      await post(filiale, `${base}/${id}/read`),
      await filiale({ method: 'DELETE', url: `${base}/${id}` }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: NOTIFICATION_MSG.notFound, code: 'NOT_FOUND' });
    }
    expect((await post(filiale, `${base}/read-all`)).json()).toEqual({ marked: 0, unread: 0 });
    expect((await list(demo)).items[0]).toMatchObject({ id, readtime: null });
  });
});

describe('mark and delete', () => {
  it('marks one read once: a second mark keeps the first readtime', async () => {
    const [id] = await make(demoId, 1);
    const first = await post(demo, `${base}/${id}/read`);
    expect(first.statusCode).toBe(200);
    expect(first.json().readtime).toEqual(expect.any(String));
    await new Promise((r) => setTimeout(r, 5));
    expect((await post(demo, `${base}/${id}/read`)).json().readtime).toBe(first.json().readtime);
    expect((await list(demo)).unread).toBe(0);
  });

  it('marks all read up to the id the device had seen', async () => {
    const ids = await make(demoId, 3);
    const res = await post(demo, `${base}/read-all`, { upToId: ids[1] });
    expect(res.json()).toEqual({ marked: 2, unread: 1 });
    expect((await list(demo, '?filter=unread')).items.map((i) => i.id)).toEqual([ids[2]]);
    expect((await post(demo, `${base}/read-all`)).json()).toEqual({ marked: 1, unread: 0 });
  });

  it('parallel mark-all calls mark each entry once', async () => {
    await make(demoId, 25);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(demo, `${base}/read-all`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.reduce((sum, a) => sum + a.json().marked, 0)).toBe(25);
    expect((await list(demo)).unread).toBe(0);
  });

  it('deletes an entry; a second delete is 404', async () => {
    const [id, other] = await make(demoId, 2);
    expect((await demo({ method: 'DELETE', url: `${base}/${id}` })).statusCode).toBe(204);
    expect((await list(demo)).items.map((i) => i.id)).toEqual([other]);
    expect((await demo({ method: 'DELETE', url: `${base}/${id}` })).statusCode).toBe(404);
  });

  it('refuses a bad id or body with a German 400', async () => {
    expect((await post(demo, `${base}/abc/read`)).statusCode).toBe(400);
    expect((await demo({ method: 'DELETE', url: `${base}/0` })).statusCode).toBe(400);
    const res = await post(demo, `${base}/read-all`, { upToId: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('produced by real events', () => {
  const exportOrderProposal = async (body: object) => {
    const article = await t.db
      .selectFrom('article')
      .select('id')
      .where('firma_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const put = await demo({
      method: 'PUT',
      url: `/api/v1/captures/order-proposal/lines/${randomUUID()}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ articleId: article.id, quantity: 2, capturedAt: new Date().toISOString() }),
    });
    expect(put.statusCode).toBe(200);
    const res = await demo({
      method: 'POST',
      url: '/api/v1/captures/order-proposal/export',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(200);
    return res.json().documents[0].number as string;
  };

  it('an export that waited on the device tells its document number, unread, and opens the capture list', async () => {
    const number = await exportOrderProposal({ waitedSeconds: 120 });
    const page = await list(demo);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ title: 'Beleg gespeichert', route: '/mde-bestellvorschlag', readtime: null });
    expect((page.items[0] as unknown as { text: string }).text).toContain(number);
    expect(page.unread).toBe(1);
  });

  it('an export sent at once (seen succeeding on screen) is listed under all as read, not counted', async () => {
    const number = await exportOrderProposal({ waitedSeconds: 2 });
    await exportOrderProposal({});
    const page = await list(demo);
    expect(page.items).toHaveLength(2);
    expect(page.items.every((i) => i.readtime !== null)).toBe(true);
    expect(page.unread).toBe(0);
    expect((await list(demo, '?filter=unread')).items).toHaveLength(0);
    expect(JSON.stringify(page.items)).toContain(number);
  });

  it('refuses a negative or broken wait with a German 400 and exports nothing', async () => {
    for (const waitedSeconds of [-1, 1.5, 'lang']) {
      const res = await demo({
        method: 'POST',
        url: '/api/v1/captures/order-proposal/export',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        payload: JSON.stringify({ waitedSeconds }),
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('Ungültiger Wert');
    }
    expect((await list(demo)).items).toHaveLength(0);
  });

  it('a change the sync sets aside is told once while unread, leading to its capture list', async () => {
    const change = (seq: number) => ({
      seq,
      clientId: randomUUID(),
      module: 'order-proposal',
      kind: 'upsert-line',
      payload: { articleId: 1, quantity: 1, capturedAt: new Date().toISOString() },
    });
    const res = await post(filiale, '/api/v1/captures/sync', {
      deviceId: `dev-${randomUUID()}`,
      changes: [change(1), change(2)],
    });
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected']);
    const page = await list(filiale);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ title: 'Nicht übertragbar', route: '/mde-bestellvorschlag' });
    // More refusals while that one is unread add none; once read, the next refusal is told again.
    await post(filiale, '/api/v1/captures/sync', { deviceId: `dev-${randomUUID()}`, changes: [change(1)] });
    expect((await list(filiale)).items).toHaveLength(1);
    await post(filiale, `${base}/read-all`);
    await post(filiale, '/api/v1/captures/sync', { deviceId: `dev-${randomUUID()}`, changes: [change(1)] });
    expect((await list(filiale)).items).toHaveLength(2);
  });

  it('a booking on a blocked gift card is told', async () => {
    const res = await demo({
      method: 'POST',
      url: '/api/v1/coupon-card/coupon-card',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      payload: JSON.stringify({ type: 'GUTSCHEIN', code: 'GC-1000-0099', action: 'REDEEM', amount: 100 }),
    });
    expect(res.json().code).toBe('CARD_BLOCKED');
    expect((await list(demo)).items[0]).toMatchObject({ title: 'Gutscheinkarte gesperrt', route: '/gutscheinkarten' });
  });
});

describe('across instances', () => {
  it('parallel mark-all on two instances marks each entry once (PostgreSQL)', async () => {
    const second = await createSecondInstance(t);
    if (!second) return;
    try {
      await make(filialeId, 30);
      const other = as(second, await loginAs(second, FILIALE));
      const answers = await Promise.all([
        post(filiale, `${base}/read-all`),
        post(other, `${base}/read-all`),
        post(filiale, `${base}/read-all`),
        post(other, `${base}/read-all`),
      ]);
      expect(answers.reduce((sum, a) => sum + a.json().marked, 0)).toBe(30);
    } finally {
      await second.close();
    }
  });
});
