import { ADMIN_MSG } from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../audit-log/record-audit';
import { clearDeviceName, deviceNamesInFirmas, setDeviceName } from './device-names.repository';

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
    const rows = firmaIds.length === 0 ? [] : await deviceNamesInFirmas(trx, deviceId, firmaIds);
    if (rows.length === 0) throw new AppError(404, 'NOT_FOUND', ADMIN_MSG.notFound);
    for (const row of rows) {
      if ((row.name ?? '') === name) continue;
      if (name === '') await clearDeviceName(trx, deviceId, row.firma_id);
      else await setDeviceName(trx, deviceId, row.firma_id, name);
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
