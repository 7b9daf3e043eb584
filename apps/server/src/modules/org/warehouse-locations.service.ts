import { ADMIN_STORES_MSG, type AdminLocation, type AdminLocationInput } from '@mde/contracts';
import type { Db } from '../../db/database';
import { recordAudit } from '../audit-log/record-audit';
import { toLocation } from './stores.mapping';
import * as repo from './stores.repository';
import { type AdminActor, editedMeanwhile, held, taken } from './stores.service';

// The storage locations (Lagerplätze) of a warehouse: the rows Lagerplatz-Artikel and the org import use.

const values = (input: AdminLocationInput): repo.LocationValues => ({
  code: input.code,
  name: input.name,
  zone: input.zone,
  location_type: input.locationType,
  barcode: input.barcode,
});

export async function listLocations(
  db: Db,
  firmaIds: readonly number[],
  warehouseId: number,
): Promise<AdminLocation[]> {
  held(await repo.warehouseById(db, warehouseId), firmaIds);
  return (await repo.locationsOfWarehouse(db, warehouseId)).map(toLocation);
}

async function assertFree(trx: Db, firmaId: number, warehouseId: number, input: AdminLocationInput, exceptId = 0) {
  if (await repo.locationCodeTaken(trx, warehouseId, input.code, exceptId))
    throw taken('code', ADMIN_STORES_MSG.locationCodeTaken);
  // A barcode names one location of a firma (the scan of a location label finds it).
  if (input.barcode && (await repo.barcodeTaken(trx, firmaId, input.barcode, exceptId)))
    throw taken('barcode', ADMIN_STORES_MSG.barcodeTaken);
}

export async function createLocation(
  trx: Db,
  who: AdminActor,
  warehouseId: number,
  input: AdminLocationInput,
): Promise<AdminLocation> {
  const warehouse = held(await repo.warehouseById(trx, warehouseId), who.firmaIds);
  await assertFree(trx, warehouse.firma_id, warehouseId, input);
  const row = await repo.insertLocation(trx, {
    ...values(input),
    firma_id: warehouse.firma_id,
    vkforg_id: warehouse.vkforg_id,
    warehouse_id: warehouseId,
  });
  const location = toLocation(row);
  await recordAudit(trx, {
    actor: who.actor,
    action: 'storage-location.create',
    objectType: 'storage-location',
    objectId: row.id,
    firmaId: warehouse.firma_id,
    after: location,
  });
  return location;
}

export async function updateLocation(
  trx: Db,
  who: AdminActor,
  id: number,
  input: AdminLocationInput & { version: number },
): Promise<AdminLocation> {
  const before = held(await repo.locationById(trx, id), who.firmaIds);
  await assertFree(trx, before.firma_id, before.warehouse_id, input, id);
  const after = await repo.updateLocation(trx, id, input.version, values(input));
  if (!after) throw editedMeanwhile();
  const location = toLocation(after);
  await recordAudit(trx, {
    actor: who.actor,
    action: 'storage-location.update',
    objectType: 'storage-location',
    objectId: id,
    firmaId: before.firma_id,
    before: toLocation(before),
    after: location,
  });
  return location;
}
