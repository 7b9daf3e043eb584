import { type AdminDevice, type DeviceReport, isDeviceStale } from '@mde/contracts';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './devices.repository';

/** The user agent kept with a device: enough to tell browsers apart, bounded so a header cannot bloat the row. */
const USER_AGENT_MAX = 160;

export async function recordReport(db: Db, auth: AuthContext, report: DeviceReport, userAgent: string | undefined) {
  await repo.upsertDeviceStatus(db, {
    deviceId: report.deviceId,
    userId: auth.userId,
    firmaId: auth.firmaId,
    vkforgId: auth.vkforgId,
    appVersion: report.appVersion,
    waiting: report.waiting,
    setAside: report.setAside,
    cacheRefreshedAt: report.cacheRefreshedAt,
    userAgent: (userAgent ?? '').slice(0, USER_AGENT_MAX),
  });
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The devices of these firmas, stale ones first (then the most recent contact first); `staleOnly` filters. */
export async function listDevices(
  db: Db,
  firmaIds: readonly number[],
  options: { staleOnly?: boolean; now?: Date } = {},
): Promise<AdminDevice[]> {
  const now = options.now ?? new Date();
  const devices = (await repo.listDevices(db, firmaIds)).map((row): AdminDevice => {
    const device = {
      deviceId: row.device_id,
      user: { id: row.user_id, username: row.username, fullName: row.full_name },
      firmaId: row.firma_id,
      vkforgId: row.vkforg_id,
      lastContactAt: iso(row.last_contact_at),
      appVersion: row.app_version,
      waiting: row.waiting,
      setAside: row.set_aside,
      cacheRefreshedAt: row.cache_refreshed_at ? iso(row.cache_refreshed_at) : null,
      userAgent: row.user_agent,
    };
    return { ...device, stale: isDeviceStale(device, now) };
  });
  const listed = options.staleOnly ? devices.filter((d) => d.stale) : devices;
  // A stable sort keeps the repository's order (newest contact first) within each group.
  return listed.sort((a, b) => Number(b.stale) - Number(a.stale));
}
