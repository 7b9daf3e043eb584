import { DEVICE_MSG, DEVICE_REPORT_PATH } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { createFirma2Admin } from '../../test/admin-test-users';
import { as, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp();
const demo = t.login(DEMO);
const filiale = t.login(FILIALE);

const report = (who: ReturnType<typeof as>, deviceId: string, extra: Record<string, unknown> = {}) =>
  who({
    method: 'POST',
    url: DEVICE_REPORT_PATH,
    payload: { deviceId, appVersion: '25.4.0', waiting: 0, setAside: 0, cacheRefreshedAt: null, ...extra },
  });
const list = async (who: ReturnType<typeof as>, query = '') => {
  const res = await who({ method: 'GET', url: `/api/v1/admin/devices${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().devices as {
    deviceId: string;
    name: string;
    adminName: string | null;
    waiting: number;
    setAside: number;
  }[];
};
const rename = (who: ReturnType<typeof as>, deviceId: string, name: unknown) =>
  who({ method: 'PUT', url: `/api/v1/admin/devices/${deviceId}/name`, payload: { name } });

describe('device names', () => {
  it("shows the name a device gives itself, then the admin's own, and the id of one that gives none", async () => {
    expect((await report(filiale, 'web-named', { name: 'Smartphone (Android 14) · Chrome' })).statusCode).toBe(204);
    expect((await report(filiale, 'web-unnamed')).statusCode).toBe(204);
    let devices = await list(demo);
    expect(devices.find((d) => d.deviceId === 'web-named')).toMatchObject({
      name: 'Smartphone (Android 14) · Chrome',
      adminName: null,
    });
    expect(devices.find((d) => d.deviceId === 'web-unnamed')?.name).toBe('web-unnamed');

    expect((await rename(demo, 'web-named', '  Handheld Kasse 2 ')).statusCode).toBe(204);
    // The device's next report keeps the admin's name.
    await report(filiale, 'web-named', { name: 'Smartphone (Android 14) · Chrome' });
    devices = await list(demo);
    expect(devices.find((d) => d.deviceId === 'web-named')).toMatchObject({
      name: 'Handheld Kasse 2',
      adminName: 'Handheld Kasse 2',
    });
    const [entry] = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('object_type', '=', 'device')
      .where('object_id', '=', 'web-named')
      .execute();
    expect(entry).toMatchObject({ action: 'device.rename' });

    // An empty name gives the device its own back.
    expect((await rename(demo, 'web-named', '')).statusCode).toBe(204);
    expect((await list(demo)).find((d) => d.deviceId === 'web-named')?.name).toBe('Smartphone (Android 14) · Chrome');
  });

  it("refuses a bad name in German, another firma's device as not found, and a user without ADMINISTRATION", async () => {
    await report(filiale, 'web-rename-bad');
    const long = await rename(demo, 'web-rename-bad', 'x'.repeat(61));
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain(DEVICE_MSG.name);
    expect((await rename(demo, 'web-rename-bad', 'Kasse\u0000')).statusCode).toBe(400);
    expect((await rename(demo, 'web-rename-bad', 42)).statusCode).toBe(400);
    expect((await rename(filiale, 'web-rename-bad', 'Meins')).statusCode).toBe(403);
    const admin2 = await createFirma2Admin(t.db, `admin2-name-${Date.now()}`);
    const other = as(t.app, await loginAs(t.app, admin2));
    expect((await rename(other, 'web-rename-bad', 'Fremd')).statusCode).toBe(404);
    expect((await rename(demo, 'web-never-seen', 'Neu')).statusCode).toBe(404);
    // A device report with a name too long is refused like any bad value.
    expect((await report(filiale, 'web-rename-bad', { name: 'x'.repeat(61) })).statusCode).toBe(400);
  });

  it('refuses a rename without a session and a name with a lone surrogate, and keeps the name', async () => {
    await report(filiale, 'web-rename-anon');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/devices/web-rename-anon/name',
      payload: { name: 'Fremd' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await rename(demo, 'web-rename-anon', 'Kasse \ud800')).statusCode).toBe(400);
    expect((await list(demo)).find((d) => d.deviceId === 'web-rename-anon')?.adminName ?? null).toBeNull();
  });

  it('filters devices with waiting work and lists them before the rest', async () => {
    await report(filiale, 'web-idle', { waiting: 0, setAside: 0 });
    await report(filiale, 'web-busy', { waiting: 3, setAside: 0 });
    await report(filiale, 'web-idle-2', { waiting: 0, setAside: 0 });
    const all = (await list(demo)).map((d) => d.deviceId);
    expect(all.indexOf('web-busy')).toBeLessThan(all.indexOf('web-idle-2'));
    const waiting = await list(demo, '?waiting=true');
    expect(waiting.map((d) => d.deviceId)).toContain('web-busy');
    expect(waiting.every((d) => d.waiting + d.setAside > 0)).toBe(true);
    expect(waiting.map((d) => d.deviceId)).not.toContain('web-idle');
  });
});
