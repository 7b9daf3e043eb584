import { DEVICE_MSG, DEVICE_REPORT_PATH, DEVICE_STALE_HOURS } from '@mde/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createFirma2Admin } from '../../test/admin-test-users';
import { as, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';
import { addTestUser } from '../../test/test-users';

const t = useTestApp();
const demo = t.login(DEMO);
const filiale = t.login(FILIALE);

const report = (who: ReturnType<typeof as>, body: unknown) =>
  who({
    method: 'POST',
    url: DEVICE_REPORT_PATH,
    payload: body as Record<string, unknown>,
    headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 13; TC21) Chrome/120' },
  });
const good = (deviceId: string, extra: Record<string, unknown> = {}) => ({
  deviceId,
  appVersion: '25.4.0',
  waiting: 2,
  setAside: 1,
  cacheRefreshedAt: '2026-11-27T08:00:00.000Z',
  ...extra,
});
const list = async (who: ReturnType<typeof as>, query = '') => {
  const res = await who({ method: 'GET', url: `/api/v1/admin/devices${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().devices as {
    deviceId: string;
    firmaId: number;
    user: { username: string };
    stale: boolean;
    waiting: number;
    setAside: number;
  }[];
};

describe('device report', () => {
  it('stores the device with the session user and firma; a later report replaces the row', async () => {
    expect((await report(filiale, good('web-report-1'))).statusCode).toBe(204);
    expect((await report(filiale, good('web-report-1', { waiting: 0, setAside: 3 }))).statusCode).toBe(204);
    const rows = await t.db.selectFrom('device_status').selectAll().where('device_id', '=', 'web-report-1').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(
      expect.objectContaining({ waiting: 0, set_aside: 3, app_version: '25.4.0', firma_id: 1, vkforg_id: 11 }),
    );
    expect(rows[0]?.user_agent).toContain('Android 13');
  });

  it('refuses bad values with a German 400 and stores nothing', async () => {
    for (const bad of [
      good('web-bad', { waiting: -1 }),
      good('web-bad', { setAside: 1.5 }),
      good('web-bad', { waiting: 'viele' }),
      good('web bad/../'),
      good('web-bad', { appVersion: '' }),
      good('web-bad', { cacheRefreshedAt: 'gestern' }),
      good('web-bad', { extra: true }),
      good('web-bad\u0000'),
      good('web-bad', { appVersion: '1.0\ud800' }),
      good('web-bad', { cacheRefreshedAt: '0000-01-01T00:00:00Z' }),
      good('web-bad', { cacheRefreshedAt: '2026-02-30T00:00:00Z' }),
      { deviceId: 'web-bad' },
    ]) {
      const res = await report(filiale, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(/[äöüÄÖÜß]|ungültig|Zahl|Feld|erwartet|unbekannt/i);
      expect(res.body).not.toMatch(/stack|Error:/);
    }
    expect(JSON.stringify((await report(filiale, good('web-bad', { waiting: -1 }))).json())).toContain(
      DEVICE_MSG.count,
    );
    const rows = await t.db
      .selectFrom('device_status')
      .select('device_id')
      .where('device_id', '=', 'web-bad')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("keeps each user's row of a device: another firma's user reporting the same id moves nothing of it", async () => {
    // Filiale's device holds two changes nobody has sent; the firma-1 admin must go on seeing them there.
    expect((await report(filiale, good('web-shared', { waiting: 2, setAside: 0 }))).statusCode).toBe(204);
    const admin2 = await createFirma2Admin(t.db, `admin2-geraet-${Date.now()}`);
    const other = as(t.app, await loginAs(t.app, admin2));
    expect((await report(other, good('web-shared', { waiting: 0, setAside: 0 }))).statusCode).toBe(204);

    await addTestUser(t.db, { username: 'admin-geraet1', password: 'Admin1234!x', permissions: ['ADMINISTRATION'] });
    const firma1Admin = as(t.app, await loginAs(t.app, { username: 'admin-geraet1', password: 'Admin1234!x' }));
    const firma1 = (await list(firma1Admin)).filter((d) => d.deviceId === 'web-shared');
    expect(firma1).toEqual([
      expect.objectContaining({
        deviceId: 'web-shared',
        firmaId: 1,
        waiting: 2,
        user: expect.objectContaining({ username: 'filiale' }),
      }),
    ]);
    const firma2 = (await list(other)).filter((d) => d.deviceId === 'web-shared');
    expect(firma2).toEqual([
      expect.objectContaining({ firmaId: 2, waiting: 0, user: expect.objectContaining({ username: admin2.username }) }),
    ]);
    // The firma-2 user's next report changes only their own row.
    expect((await report(other, good('web-shared', { waiting: 7, setAside: 1 }))).statusCode).toBe(204);
    expect((await list(firma1Admin)).find((d) => d.deviceId === 'web-shared')).toMatchObject({ waiting: 2 });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: DEVICE_REPORT_PATH, payload: good('web-anon') });
    expect(res.statusCode).toBe(401);
  });
});

describe('admin device list', () => {
  it('is refused to a user without ADMINISTRATION', async () => {
    expect((await filiale({ method: 'GET', url: '/api/v1/admin/devices' })).statusCode).toBe(403);
  });

  it('marks a device silent too long with work on it stale, lists it first, and filters stale only', async () => {
    await report(filiale, good('web-stale', { waiting: 0, setAside: 2 }));
    await report(filiale, good('web-stale-clean', { waiting: 0, setAside: 0 }));
    await report(filiale, good('web-fresh', { waiting: 4, setAside: 0 }));
    const old = new Date(Date.now() - (DEVICE_STALE_HOURS + 1) * 3_600_000);
    await t.db
      .updateTable('device_status')
      .set({ last_contact_at: old })
      .where('device_id', 'in', ['web-stale', 'web-stale-clean'])
      .execute();

    const all = await list(demo);
    const ids = all.map((d) => d.deviceId);
    expect(all[0]).toEqual(expect.objectContaining({ deviceId: 'web-stale', stale: true, setAside: 2 }));
    expect(all.find((d) => d.deviceId === 'web-stale-clean')?.stale).toBe(false);
    expect(all.find((d) => d.deviceId === 'web-fresh')?.stale).toBe(false);
    expect(ids).toEqual(expect.arrayContaining(['web-stale', 'web-stale-clean', 'web-fresh']));

    expect((await list(demo, '?stale=true')).map((d) => d.deviceId)).toEqual(['web-stale']);
    const bad = await demo({ method: 'GET', url: '/api/v1/admin/devices?stale=vielleicht' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists only devices of firmas the admin holds', async () => {
    await sql`insert into device_status (device_id, user_id, firma_id, vkforg_id, app_version, waiting, set_aside)
      select 'web-firma2', id, 2, 21, '25.4.0', 1, 0 from app_user where username = 'demo'`.execute(t.db);
    await addTestUser(t.db, { username: 'admin-firma1', password: 'Admin1234!x', permissions: ['ADMINISTRATION'] });
    const firma1Admin = as(t.app, await loginAs(t.app, { username: 'admin-firma1', password: 'Admin1234!x' }));
    const firma1 = (await list(firma1Admin)).map((d) => d.deviceId);
    expect(firma1).toContain('web-fresh');
    expect(firma1).not.toContain('web-firma2');
    expect((await list(demo)).map((d) => d.deviceId)).toContain('web-firma2');
  });
});
