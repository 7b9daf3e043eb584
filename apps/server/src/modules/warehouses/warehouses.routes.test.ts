import type { StorageLocation, WarehouseLocation } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { as, DEMO, EXTERN, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp();

describe('GET /api/v1/warehouses', () => {
  it("lists the warehouses of the session's vkforg", async () => {
    const res = await as(t.app, await loginAs(t.app, DEMO))({ method: 'GET', url: '/api/v1/warehouses' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 1101, number: 'L01', name: 'Verkaufsraum' },
      { id: 1102, number: 'L02', name: 'Lager' },
      { id: 1103, number: 'L03', name: 'Kühlhaus' },
    ]);
  });

  it('follows a context change to the other firma', async () => {
    const call = as(t.app, await loginAs(t.app, DEMO));
    expect(
      (await call({ method: 'PATCH', url: '/api/v1/security/user/context', payload: { vkforgid: 21 } })).statusCode,
    ).toBe(200);
    const res = await call({ method: 'GET', url: '/api/v1/warehouses' });
    expect(res.json().map((w: { id: number }) => w.id)).toEqual([2101, 2102]);
  });

  it('gives each user only its own vkforg', async () => {
    const res = await as(t.app, await loginAs(t.app, EXTERN))({ method: 'GET', url: '/api/v1/warehouses' });
    expect(res.json().map((w: { id: number }) => w.id)).toEqual([1201, 1202]);
  });

  it('answers 401 with a German message without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/warehouses' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sie sind nicht angemeldet');
  });

  it('answers 401 for a forged session cookie', async () => {
    const res = await as(t.app, 'mde_session=forged')({ method: 'GET', url: '/api/v1/warehouses' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/v1/warehouses/:id/storage-locations', () => {
  it("lists a warehouse's locations with name and shelf-label barcode, for any signed-in user", async () => {
    const call = as(t.app, await loginAs(t.app, DEMO));
    // The same locations Lagerplatz-Artikel lists (demo has that role; the list here needs none).
    const known = (await call({ method: 'GET', url: '/api/v1/storage-locations' })).json() as StorageLocation[];
    const first = known[0];
    if (!first) throw new Error('no storage location in the test data');
    const res = await call({ method: 'GET', url: `/api/v1/warehouses/${first.warehouseId}/storage-locations` });
    expect(res.statusCode).toBe(200);
    const listed = res.json() as WarehouseLocation[];
    expect(listed).toContainEqual({ code: first.code, name: first.name, barcode: first.barcode });
    expect(listed).toHaveLength(known.filter((l) => l.warehouseId === first.warehouseId).length);
  });

  it("gives another vkforg's warehouse no locations, and refuses a malformed id in German", async () => {
    const call = as(t.app, await loginAs(t.app, EXTERN));
    const known = (
      await as(t.app, await loginAs(t.app, DEMO))({ method: 'GET', url: '/api/v1/storage-locations' })
    ).json() as StorageLocation[];
    const res = await call({ method: 'GET', url: `/api/v1/warehouses/${known[0]?.warehouseId}/storage-locations` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    const bad = await call({ method: 'GET', url: '/api/v1/warehouses/abc/storage-locations' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[äöüÄÖÜß]|Ungültig|ungültig/);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/warehouses/1103/storage-locations' });
    expect(res.statusCode).toBe(401);
  });
});
