import { randomUUID } from 'node:crypto';
import {
  type Assignment,
  IDEMPOTENCY_MSG,
  type LocationDetail,
  STORAGE_MSG,
  type StorageLocation,
} from '@mde/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createSecondInstance, DEMO, EXTERN, FILIALE, HUGE, loginAs, useTestApp } from '../../test/test-app';
import { eventsOfType } from '../../test/test-events';

const t = useTestApp();
const demo = t.login(DEMO);
const base = '/api/v1/storage-locations';

async function locations(): Promise<StorageLocation[]> {
  const res = await demo({ method: 'GET', url: base });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function emptyLocation(offset = 0) {
  const all = await locations();
  const empty = all.filter((l) => l.articleCount === 0);
  const loc = empty[offset];
  if (!loc) throw new Error('no empty location in the demo data');
  return loc;
}

async function assign(
  locationId: number,
  articleId: number,
  values = { quantity: 5, minQuantity: 2, maxQuantity: 10 },
) {
  const res = await demo({ method: 'POST', url: `${base}/${locationId}/articles`, payload: { articleId, ...values } });
  expect(res.statusCode).toBe(201);
  return res.json() as Assignment;
}

describe('reading locations', () => {
  it("lists the session vkforg's locations with warehouse, zone, kind and barcode", async () => {
    const all = await locations();
    expect(all.length).toBeGreaterThan(300);
    expect(new Set(all.map((l) => l.warehouseId))).toEqual(new Set([1101, 1102, 1103]));
    const first = all[0];
    expect(first).toMatchObject({ warehouseNumber: 'L01', type: 'shelf', zone: 'Gang 01' });
    expect(first?.barcode).toMatch(/^LP\d{8}$/);
    expect(all.some((l) => l.type === 'pallet')).toBe(true);
    expect(all.some((l) => l.type === 'cold')).toBe(true);
    expect(all.some((l) => l.belowMinCount > 0)).toBe(true);
  });

  it('shows the articles of a location sorted by designation, with the figures and a version', async () => {
    const loc = (await locations()).find((l) => l.articleCount >= 2);
    const res = await demo({ method: 'GET', url: `${base}/${loc?.id}` });
    expect(res.statusCode).toBe(200);
    const detail: LocationDetail = res.json();
    expect(detail.location.id).toBe(loc?.id);
    expect(detail.assignments).toHaveLength(loc?.articleCount ?? -1);
    const names = detail.assignments.map((a) => a.designation1);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(detail.assignments[0]).toMatchObject({ version: 1, locationId: loc?.id });
  });

  it('has most articles on one or two places, and the article detail reads the same places', async () => {
    const snap = (await demo({ method: 'GET', url: `${base}/snapshot` })).json();
    const perArticle = new Map<number, number>();
    for (const a of snap.assignments) perArticle.set(a.articleId, (perArticle.get(a.articleId) ?? 0) + 1);
    expect([...perArticle.values()].every((n) => n === 1 || n === 2)).toBe(true);
    expect([...perArticle.values()].filter((n) => n === 2).length).toBeGreaterThan(20);
    const [articleId] = [...perArticle].find(([, n]) => n === 2) ?? [0];
    const detail = (await demo({ method: 'GET', url: `/api/v1/articles/${articleId}` })).json();
    const places = snap.assignments.filter((a: Assignment) => a.articleId === articleId);
    expect(detail.locations.map((l: { locationId: number }) => l.locationId).sort()).toEqual(
      places.map((a: Assignment) => a.locationId).sort(),
    );
  });

  it('answers 404 in German for a location of another vkforg or none at all', async () => {
    const other = await demo({ method: 'GET', url: `${base}/1201001` });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: STORAGE_MSG.locationNotFound, code: 'NOT_FOUND' });
    expect((await demo({ method: 'GET', url: `${base}/999999` })).statusCode).toBe(404);
    expect((await demo({ method: 'GET', url: `${base}/abc` })).statusCode).toBe(400);
  });
});

describe('permission', () => {
  it.each([
    ['filiale', FILIALE],
    ['extern', EXTERN],
  ])('refuses %s (no ROLE_LOCATIONASSIGNMENT_SERVICE) with 403 on every call and changes nothing', async (_, user) => {
    const call = as(t.app, await loginAs(t.app, user));
    const loc = await emptyLocation(0);
    const calls = [
      { method: 'GET' as const, url: base },
      { method: 'GET' as const, url: `${base}/snapshot` },
      { method: 'GET' as const, url: `${base}/${loc.id}` },
      { method: 'GET' as const, url: `${base}/${loc.id}/articles/1` },
      {
        method: 'POST' as const,
        url: `${base}/${loc.id}/articles`,
        payload: { articleId: 1, quantity: 1, minQuantity: 0, maxQuantity: 2 },
      },
      {
        method: 'PUT' as const,
        url: `${base}/${loc.id}/articles/1`,
        payload: { quantity: 1, minQuantity: 0, maxQuantity: 2, version: 1 },
      },
      { method: 'DELETE' as const, url: `${base}/${loc.id}/articles/1?version=1` },
    ];
    for (const c of calls) {
      const res = await call(c);
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
      expect(res.json().message).toBe('Sie haben keine Berechtigung für diese Aktion');
    }
    expect((await demo({ method: 'GET', url: `${base}/${loc.id}` })).json().assignments).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
  });
});

describe('validation', () => {
  it.each([
    [{ quantity: -1, minQuantity: 0, maxQuantity: 5 }, 'quantity', STORAGE_MSG.notNegative],
    [{ quantity: 1, minQuantity: -0.5, maxQuantity: 5 }, 'minQuantity', STORAGE_MSG.notNegative],
    [{ quantity: 1, minQuantity: 0, maxQuantity: 1e12 }, 'maxQuantity', STORAGE_MSG.tooLarge],
    [{ quantity: 1.0001, minQuantity: 0, maxQuantity: 5 }, 'quantity', STORAGE_MSG.decimals],
    [{ quantity: '1', minQuantity: 0, maxQuantity: 5 }, 'quantity', 'Ungültiger Wert'],
  ])('refuses %j with a German message for %s', async (values, field, message) => {
    const loc = await emptyLocation(1);
    const res = await demo({ method: 'POST', url: `${base}/${loc.id}/articles`, payload: { articleId: 1, ...values } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('refuses a minimum above the maximum, on assign and on edit, and stores nothing', async () => {
    const loc = await emptyLocation(1);
    const bad = { quantity: 3, minQuantity: 8, maxQuantity: 5 };
    const res = await demo({ method: 'POST', url: `${base}/${loc.id}/articles`, payload: { articleId: 7, ...bad } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: STORAGE_MSG.minAboveMax,
      fields: { minQuantity: STORAGE_MSG.minAboveMax },
    });
    expect((await demo({ method: 'GET', url: `${base}/${loc.id}` })).json().assignments).toEqual([]);
    const made = await assign(loc.id, 7);
    const edit = await demo({
      method: 'PUT',
      url: `${base}/${loc.id}/articles/7`,
      payload: { ...bad, version: made.version },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(STORAGE_MSG.minAboveMax);
    const after = (await demo({ method: 'GET', url: `${base}/${loc.id}/articles/7` })).json();
    expect(after.assignment).toMatchObject({ quantity: 5, minQuantity: 2, maxQuantity: 10, version: 1 });
  });

  it('refuses unknown fields, NUL in keys, huge bodies and unknown articles without a 500', async () => {
    const loc = await emptyLocation(1);
    const url = `${base}/${loc.id}/articles`;
    const ok = { articleId: 8, quantity: 1, minQuantity: 0, maxQuantity: 2 };
    expect((await demo({ method: 'POST', url, payload: { ...ok, extra: 1 } })).statusCode).toBe(400);
    expect((await demo({ method: 'POST', url, payload: { ...ok, articleId: HUGE } })).statusCode).toBe(400);
    const unknown = await demo({ method: 'POST', url, payload: { ...ok, articleId: 99_999_999 } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(STORAGE_MSG.articleNotFound);
    const badKey = await demo({ method: 'POST', url, payload: ok, headers: { 'idempotency-key': 'x' } });
    expect(badKey.statusCode).toBe(400);
  });
});

describe('assign, edit, remove', () => {
  it('assigns once; a second assign of the same article is a German 409', async () => {
    const loc = await emptyLocation(2);
    const made = await assign(loc.id, 11);
    expect(made).toMatchObject({ articleId: 11, quantity: 5, minQuantity: 2, maxQuantity: 10, version: 1 });
    const again = await demo({
      method: 'POST',
      url: `${base}/${loc.id}/articles`,
      payload: { articleId: 11, quantity: 1, minQuantity: 0, maxQuantity: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: STORAGE_MSG.alreadyAssigned, code: 'ALREADY_ASSIGNED' });
  });

  it('an edit bumps the version and is seen by another user at once', async () => {
    const loc = await emptyLocation(3);
    const made = await assign(loc.id, 12);
    const res = await demo({
      method: 'PUT',
      url: `${base}/${loc.id}/articles/12`,
      payload: { quantity: 4, minQuantity: 1, maxQuantity: 9, version: made.version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ quantity: 4, minQuantity: 1, maxQuantity: 9, version: 2 });
    // Each change is an event of the ERP feed.
    const changes = (await eventsOfType(t.db, 'storage-location.changed')).filter(
      (e) => e.document.locationId === loc.id,
    );
    expect(changes.map((e) => [e.document.action, e.document.assignment.version, e.user_name])).toEqual([
      ['assigned', 1, 'demo'],
      ['updated', 2, 'demo'],
    ]);
    const other = as(t.app, await loginAs(t.app, DEMO));
    const seen = (await other({ method: 'GET', url: `${base}/${loc.id}` })).json();
    expect(seen.assignments[0]).toMatchObject({ articleId: 12, quantity: 4, version: 2 });
  });

  it('a stale edit or removal is a 409 with a German message and changes nothing', async () => {
    const loc = await emptyLocation(4);
    await assign(loc.id, 13);
    const url = `${base}/${loc.id}/articles/13`;
    expect(
      (await demo({ method: 'PUT', url, payload: { quantity: 6, minQuantity: 2, maxQuantity: 10, version: 1 } }))
        .statusCode,
    ).toBe(200);
    const stale = await demo({
      method: 'PUT',
      url,
      payload: { quantity: 1, minQuantity: 0, maxQuantity: 10, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STORAGE_MSG.versionConflict, code: 'VERSION_CONFLICT' });
    const staleDelete = await demo({ method: 'DELETE', url: `${url}?version=1` });
    expect(staleDelete.statusCode).toBe(409);
    expect((await demo({ method: 'GET', url })).json().assignment).toMatchObject({ quantity: 6, version: 2 });
    expect((await demo({ method: 'DELETE', url: `${url}?version=2` })).statusCode).toBe(204);
    const gone = await demo({ method: 'GET', url });
    expect(gone.json().assignment).toBeNull();
    const again = await demo({ method: 'DELETE', url: `${url}?version=2` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(STORAGE_MSG.notAssigned);
  });

  it('a change sent again with its key is applied once and answered as the first time', async () => {
    const loc = await emptyLocation(5);
    const made = await assign(loc.id, 14);
    const key = randomUUID();
    const send = () =>
      demo({
        method: 'PUT',
        url: `${base}/${loc.id}/articles/14`,
        headers: { 'idempotency-key': key },
        payload: { quantity: 9, minQuantity: 1, maxQuantity: 12, version: made.version },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await demo({ method: 'GET', url: `${base}/${loc.id}/articles/14` })).json().assignment.version).toBe(2);
    const reused = await demo({
      method: 'PUT',
      url: `${base}/${loc.id}/articles/14`,
      headers: { 'idempotency-key': key },
      payload: { quantity: 1, minQuantity: 1, maxQuantity: 12, version: 2 },
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(IDEMPOTENCY_MSG.keyReused);
  });
});

// On PostgreSQL the parallel requests go to two server instances on one database.
describe(`concurrent edits (${process.env.TEST_DATABASE_URL ? 'PostgreSQL, two instances' : 'PGlite'})`, () => {
  let second: FastifyInstance | undefined;
  beforeAll(async () => {
    second = await createSecondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('20 parallel edits of the same version: exactly one wins, the others get 409', async () => {
    const loc = await emptyLocation(6);
    const made = await assign(loc.id, 15);
    const other = as(second ?? t.app, await loginAs(t.app, DEMO));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? other : demo)({
          method: 'PUT',
          url: `${base}/${loc.id}/articles/15`,
          payload: { quantity: i, minQuantity: 0, maxQuantity: 50, version: made.version },
        }),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const now = (await demo({ method: 'GET', url: `${base}/${loc.id}/articles/15` })).json().assignment;
    expect(now).toMatchObject({ version: 2, quantity: won[0]?.json().quantity });
  });

  it('10 parallel assigns of the same article: one row, one 201, the rest 409', async () => {
    const loc = await emptyLocation(7);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        demo({
          method: 'POST',
          url: `${base}/${loc.id}/articles`,
          payload: { articleId: 16, quantity: i, minQuantity: 0, maxQuantity: 10 },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect((await demo({ method: 'GET', url: `${base}/${loc.id}` })).json().assignments).toHaveLength(1);
  });

  it('the same change key sent in parallel is applied once', async () => {
    const loc = await emptyLocation(8);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        demo({
          method: 'POST',
          url: `${base}/${loc.id}/articles`,
          headers: { 'idempotency-key': key },
          payload: { articleId: 17, quantity: 2, minQuantity: 0, maxQuantity: 10 },
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
  });
});

describe('change keys', () => {
  it('are forgotten after 30 days, the newer ones kept', async () => {
    const loc = await emptyLocation(9);
    const old = randomUUID();
    const user = (
      await t.db.selectFrom('app_user').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
    await t.db
      .insertInto('idempotency_key')
      .values({
        client: `user:${user}`,
        route: 'POST /api/v1/storage-locations/:id/articles',
        key: old,
        request_hash: 'x',
        status: 201,
        response: null,
        created_at: new Date(Date.now() - 31 * 86_400_000),
      })
      .execute();
    const key = randomUUID();
    const res = await demo({
      method: 'POST',
      url: `${base}/${loc.id}/articles`,
      headers: { 'idempotency-key': key },
      payload: { articleId: 18, quantity: 1, minQuantity: 0, maxQuantity: 2 },
    });
    expect(res.statusCode).toBe(201);
    const keys = await t.db.selectFrom('idempotency_key').select('key').where('client', '=', `user:${user}`).execute();
    expect(keys.map((k) => k.key)).toContain(key);
    expect(keys.map((k) => k.key)).not.toContain(old);
  });
});
