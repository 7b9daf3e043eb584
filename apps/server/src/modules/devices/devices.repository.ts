import type { Db } from '../../db/database';
import './device-names.tables';
import './devices.tables';

export interface DeviceStatusValues {
  deviceId: string;
  userId: number;
  firmaId: number;
  vkforgId: number;
  appVersion: string;
  waiting: number;
  setAside: number;
  cacheRefreshedAt: string | null;
  userAgent: string;
  /** The name the device gives itself; undefined from an app that sends none (the last one stays). */
  platformName?: string;
}

/**
 * The row of this device and user becomes this report (a later report of offline work just replaces it). A
 * report never touches another user's row of the same device: their work, and the firma it shows in, stay.
 */
export async function upsertDeviceStatus(db: Db, v: DeviceStatusValues): Promise<void> {
  const row = {
    user_id: v.userId,
    firma_id: v.firmaId,
    vkforg_id: v.vkforgId,
    last_contact_at: new Date(),
    app_version: v.appVersion,
    waiting: v.waiting,
    set_aside: v.setAside,
    cache_refreshed_at: v.cacheRefreshedAt,
    user_agent: v.userAgent,
    ...(v.platformName === undefined ? {} : { platform_name: v.platformName }),
  };
  await db
    .insertInto('device_status')
    .values({ device_id: v.deviceId, ...row })
    .onConflict((oc) => oc.columns(['device_id', 'user_id']).doUpdateSet(row))
    .execute();
}

/** The devices whose last session was in one of these firmas, with their user. */
export async function listDevices(db: Db, firmaIds: readonly number[]) {
  if (firmaIds.length === 0) return [];
  return db
    .selectFrom('device_status as d')
    .innerJoin('app_user as u', 'u.id', 'd.user_id')
    .leftJoin('device_name as n', (j) =>
      j.onRef('n.device_id', '=', 'd.device_id').onRef('n.firma_id', '=', 'd.firma_id'),
    )
    .select([
      'd.device_id',
      'd.user_id',
      'u.username',
      'u.full_name',
      'd.firma_id',
      'd.vkforg_id',
      'd.last_contact_at',
      'd.app_version',
      'd.waiting',
      'd.set_aside',
      'd.cache_refreshed_at',
      'd.user_agent',
      'd.platform_name',
      'n.name as admin_name',
    ])
    .where('d.firma_id', 'in', [...firmaIds])
    .orderBy('d.last_contact_at', 'desc')
    .orderBy('d.device_id')
    .orderBy('d.user_id')
    .execute();
}

/** Every device (the operator CLI, which acts for the whole installation). */
export async function listAllFirmaIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('device_status').select('firma_id').distinct().execute();
  return rows.map((r) => r.firma_id);
}
