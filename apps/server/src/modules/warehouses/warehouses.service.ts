import type { Warehouse, WarehouseLocation } from '@mde/contracts';
import type { Db } from '../../db/database';
import { listWarehouseLocations, listWarehouses } from './warehouses.repository';

/** The warehouses of the session's vkforg, scoped to its firma. */
export async function warehousesOfSession(
  db: Db,
  session: { firmaId: number; vkforgId: number },
): Promise<Warehouse[]> {
  const rows = await listWarehouses(db, session.firmaId, session.vkforgId);
  return rows.map(({ id, number, name }) => ({ id, number, name }));
}

/**
 * The storage locations of one of the session's warehouses, for a count that scans shelf labels (also offline,
 * from the device's copy). Another vkforg's warehouse has none.
 */
export function warehouseLocationsOfSession(
  db: Db,
  session: { firmaId: number; vkforgId: number },
  warehouseId: number,
): Promise<WarehouseLocation[]> {
  return listWarehouseLocations(db, session.firmaId, session.vkforgId, warehouseId);
}
