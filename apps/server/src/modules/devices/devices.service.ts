import {
  type AdminDevice,
  type AdminDeviceFilter,
  type DeviceReport,
  hasWaitingWork,
  isDeviceStale,
} from '@mde/contracts';
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
    platformName: report.name,
  });
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The devices of these firmas: stale ones first, then those holding waiting work, then the rest, each group with
 * the most recent contact first (docs/administration.md "Geräte"); `filter` keeps only stale ones or only those
 * with waiting work.
 */
export async function listDevices(
  db: Db,
  firmaIds: readonly number[],
  options: { filter?: AdminDeviceFilter; now?: Date } = {},
): Promise<AdminDevice[]> {
  const now = options.now ?? new Date();
  const devices = (await repo.listDevices(db, firmaIds)).map((row): AdminDevice => {
    const device = {
      deviceId: row.device_id,
      name: row.admin_name || row.platform_name || row.device_id,
      adminName: row.admin_name,
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
  const listed =
    options.filter === 'stale'
      ? devices.filter((d) => d.stale)
      : options.filter === 'waiting'
        ? devices.filter(hasWaitingWork)
        : devices;
  const rank = (d: AdminDevice) => (d.stale ? 0 : hasWaitingWork(d) ? 1 : 2);
  // A stable sort keeps the repository's order (newest contact first) within each group.
  return listed.sort((a, b) => rank(a) - rank(b));
}
