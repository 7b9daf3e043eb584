import { ADMIN_MSG, ADMIN_STORES_MSG, type AdminOrg } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { createFirma2Admin } from '../../test/admin-test-users';
import { as, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';

let admin2: ReturnType<typeof as>;
const url = '/api/v1/admin/stores';

const t = useTestApp({
  prepare: async (t) => {
    admin2 = as(t.app, await loginAs(t.app, await createFirma2Admin(t.db)));
  },
});
const demo = t.login(DEMO);
const filiale = t.login(FILIALE);

const audit = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();

describe('admin stores API', () => {
  it('lists only the firmas the admin holds, with accounts, stores and warehouses', async () => {
    const org = (await demo({ method: 'GET', url })).json() as AdminOrg;
    expect(org.firmas.map((f) => f.id)).toEqual([1, 2]);
    const nord = org.firmas[0];
    expect(nord?.accounts.map((a) => a.number)).toContain('4711');
    expect(nord?.stores.find((s) => s.vkforg === '1100')?.warehouses.map((w) => w.number)).toEqual([
      'L01',
      'L02',
      'L03',
    ]);
    const own = (await admin2({ method: 'GET', url })).json() as AdminOrg;
    expect(own.firmas.map((f) => f.id)).toEqual([2]);
  });

  it('refuses every route to a user without ADMINISTRATION (403)', async () => {
    const calls = [
      { method: 'GET', url },
      { method: 'POST', url, payload: { firma: 1, vkforg: '9999', name: 'X' } },
      { method: 'PUT', url: `${url}/11`, payload: { vkforg: '1100', name: 'X', version: 1 } },
      { method: 'POST', url: `${url}/accounts`, payload: { firma: 1, number: '1', name: 'X' } },
      { method: 'PUT', url: `${url}/accounts/101`, payload: { number: '4711', name: 'X', version: 1 } },
      { method: 'POST', url: `${url}/11/warehouses`, payload: { number: 'L9', name: 'X' } },
      { method: 'PUT', url: `${url}/warehouses/1101`, payload: { number: 'L01', name: 'X', version: 1 } },
      { method: 'GET', url: `${url}/warehouses/1101/locations` },
      { method: 'POST', url: `${url}/warehouses/1101/locations`, payload: { code: '99-1', name: 'X' } },
      { method: 'PUT', url: `${url}/locations/1`, payload: { code: '99-1', name: 'X', version: 1 } },
    ] as const;
    for (const call of calls) expect((await filiale(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('creates a store with a warehouse and a storage location, each audited, and the store is selectable', async () => {
    const created = await demo({ method: 'POST', url, payload: { firma: 1, vkforg: ' 1300 ', name: 'Kiel Hafen' } });
    expect(created.statusCode).toBe(201);
    const store = created.json();
    expect(store).toMatchObject({ firma: 1, vkforg: '1300', name: 'Kiel Hafen', version: 1, warehouses: [] });
    expect((await audit('store.create'))?.object_id).toBe(String(store.id));

    const wh = await demo({
      method: 'POST',
      url: `${url}/${store.id}/warehouses`,
      payload: { number: 'L01', name: 'Lager' },
    });
    expect(wh.statusCode).toBe(201);
    const location = await demo({
      method: 'POST',
      url: `${url}/warehouses/${wh.json().id}/locations`,
      payload: { code: '01-01-1', name: 'Regal 1', locationType: 'shelf' },
    });
    expect(location.statusCode).toBe(201);
    expect((await demo({ method: 'GET', url: `${url}/warehouses/${wh.json().id}/locations` })).json()).toHaveLength(1);
    expect(await audit('warehouse.create')).toBeTruthy();
    expect(await audit('storage-location.create')).toBeTruthy();

    // The rows the context pickers read: the store is a vkforg of firma 1 like the imported ones.
    const row = await t.db.selectFrom('vkforg').selectAll().where('id', '=', store.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firma_id: 1, vkforg: '1300', kurzbezeichnung: 'Kiel Hafen' });
  });

  it('refuses a taken number with 409 and a German message at the field, changing nothing', async () => {
    const before = await t.db.selectFrom('vkforg').select('id').execute();
    const res = await demo({ method: 'POST', url, payload: { firma: 1, vkforg: '1100', name: 'Doppelt' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: ADMIN_STORES_MSG.storeNumberTaken,
      fields: { vkforg: expect.any(String) },
    });
    expect(await t.db.selectFrom('vkforg').select('id').execute()).toHaveLength(before.length);
    const wh = await demo({ method: 'POST', url: `${url}/11/warehouses`, payload: { number: 'L02', name: 'Doppelt' } });
    expect(wh.statusCode).toBe(409);
    expect(wh.json().message).toBe(ADMIN_STORES_MSG.warehouseNumberTaken);
  });

  it('answers bad input with German field messages', async () => {
    const res = await demo({ method: 'POST', url, payload: { firma: 1, vkforg: '', name: 'x'.repeat(81) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ vkforg: 'Nummer fehlt', name: 'Bezeichnung: höchstens 80 Zeichen' });
    const loc = await demo({
      method: 'POST',
      url: `${url}/warehouses/1101/locations`,
      payload: { code: '1', name: 'x', locationType: 'kiste' },
    });
    expect(loc.json().fields).toMatchObject({ locationType: 'Bitte Regal, Palette oder Kühlung wählen' });
  });

  it('refuses an edit based on an older version (409), keeps the newer one, and audits before/after', async () => {
    const created = (
      await demo({ method: 'POST', url: `${url}/accounts`, payload: { firma: 1, number: '4800', name: 'Nord B' } })
    ).json();
    const first = await demo({
      method: 'PUT',
      url: `${url}/accounts/${created.id}`,
      payload: { number: '4800', name: 'Nord B neu', version: created.version },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(created.version + 1);
    const stale = await demo({
      method: 'PUT',
      url: `${url}/accounts/${created.id}`,
      payload: { number: '4800', name: 'Nord B alt', version: created.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(ADMIN_MSG.editedMeanwhile);
    const entry = await audit('account.update');
    expect(JSON.parse(JSON.stringify(entry?.before))).toBeTruthy();
    const row = await t.db.selectFrom('account').select('name').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Nord B neu');
  });

  it("answers another firma's objects as missing (404) and refuses creating in it (403)", async () => {
    expect(
      (await admin2({ method: 'PUT', url: `${url}/11`, payload: { vkforg: '1100', name: 'X', version: 1 } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin2({ method: 'PUT', url: `${url}/accounts/101`, payload: { number: '4711', name: 'X', version: 1 } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin2({ method: 'POST', url: `${url}/11/warehouses`, payload: { number: 'L9', name: 'X' } })).statusCode,
    ).toBe(404);
    expect(
      (
        await admin2({
          method: 'PUT',
          url: `${url}/warehouses/1101`,
          payload: { number: 'L01', name: 'X', version: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await admin2({ method: 'GET', url: `${url}/warehouses/1101/locations` })).statusCode).toBe(404);
    const created = await admin2({ method: 'POST', url, payload: { firma: 1, vkforg: '7777', name: 'Fremd' } });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(ADMIN_MSG.firmaNotHeld);
    const account = await admin2({
      method: 'POST',
      url: `${url}/accounts`,
      payload: { firma: 1, number: '7777', name: 'Fremd' },
    });
    expect(account.statusCode).toBe(403);
    const location = await t.db
      .selectFrom('storage_location')
      .select(['id', 'code', 'name', 'version'])
      .where('firma_id', '=', 1)
      .executeTakeFirstOrThrow();
    const edit = await admin2({
      method: 'PUT',
      url: `${url}/locations/${location.id}`,
      payload: { code: location.code, name: 'X', version: location.version },
    });
    expect(edit.statusCode).toBe(404);
    const name = await t.db
      .selectFrom('vkforg')
      .select('kurzbezeichnung')
      .where('id', '=', 11)
      .executeTakeFirstOrThrow();
    expect(name.kurzbezeichnung).toBe('Hamburg-Altona');
  });
});
