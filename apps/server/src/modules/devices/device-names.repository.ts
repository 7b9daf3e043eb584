import type { Db } from '../../db/database';
import './device-names.tables';
import './devices.tables';

/** The firmas of `firmaIds` a device has served, each with the admin's name for it there (null: none). */
export function deviceNamesInFirmas(db: Db, deviceId: string, firmaIds: readonly number[]) {
  return db
    .selectFrom('device_status as d')
    .leftJoin('device_name as n', (j) =>
      j.onRef('n.device_id', '=', 'd.device_id').onRef('n.firma_id', '=', 'd.firma_id'),
    )
    .select(['d.firma_id', 'n.name'])
    .distinct()
    .where('d.device_id', '=', deviceId)
    .where('d.firma_id', 'in', [...firmaIds])
    .execute();
}

export async function setDeviceName(db: Db, deviceId: string, firmaId: number, name: string): Promise<void> {
  await db
    .insertInto('device_name')
    .values({ device_id: deviceId, firma_id: firmaId, name })
    .onConflict((oc) => oc.columns(['device_id', 'firma_id']).doUpdateSet({ name }))
    .execute();
}

export async function clearDeviceName(db: Db, deviceId: string, firmaId: number): Promise<void> {
  await db.deleteFrom('device_name').where('device_id', '=', deviceId).where('firma_id', '=', firmaId).execute();
}
