import { ADMIN_MSG } from '@mde/contracts';
import type { Db } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { type AuditActor, recordAudit } from '../../audit-log/record-audit';
import './device-names.tables';
import './devices.tables';

/**
 * The admin names a device in each of their firmas it has served (an empty name gives it back the one it gives
 * itself). A device of none of their firmas is not found: another firma's device is not even confirmed.
 */
export async function renameDevice(
  db: Db,
  actor: AuditActor,
  firmaIds: readonly number[],
  deviceId: string,
  name: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows =
      firmaIds.length === 0
        ? []
        : await trx
            .selectFrom('device_status as d')
            .leftJoin('device_name as n', (j) =>
              j.onRef('n.device_id', '=', 'd.device_id').onRef('n.firma_id', '=', 'd.firma_id'),
            )
            .select(['d.firma_id', 'n.name'])
            .distinct()
            .where('d.device_id', '=', deviceId)
            .where('d.firma_id', 'in', [...firmaIds])
            .execute();
    if (rows.length === 0) throw new AppError(404, 'NOT_FOUND', ADMIN_MSG.notFound);
    for (const row of rows) {
      if ((row.name ?? '') === name) continue;
      if (name === '')
        await trx
          .deleteFrom('device_name')
          .where('device_id', '=', deviceId)
          .where('firma_id', '=', row.firma_id)
          .execute();
      else
        await trx
          .insertInto('device_name')
          .values({ device_id: deviceId, firma_id: row.firma_id, name })
          .onConflict((oc) => oc.columns(['device_id', 'firma_id']).doUpdateSet({ name }))
          .execute();
      await recordAudit(trx, {
        actor,
        action: 'device.rename',
        objectType: 'device',
        objectId: deviceId,
        firmaId: row.firma_id,
        before: { name: row.name ?? '' },
        after: { name },
      });
    }
  });
}
