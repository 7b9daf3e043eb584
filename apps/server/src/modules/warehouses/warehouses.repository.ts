import type { Db } from '../../db/database';

export async function listWarehouses(db: Db, firmaId: number, vkforgId: number) {
  return db
    .selectFrom('warehouse')
    .select(['id', 'number', 'name'])
    .where('firma_id', '=', firmaId)
    .where('vkforg_id', '=', vkforgId)
    .orderBy('number')
    .orderBy('id')
    .execute();
}

/** The storage locations of one warehouse, if it belongs to the firma and vkforg (else none). */
export async function listWarehouseLocations(db: Db, firmaId: number, vkforgId: number, warehouseId: number) {
  return db
    .selectFrom('storage_location')
    .select(['code', 'name', 'barcode'])
    .where('firma_id', '=', firmaId)
    .where('vkforg_id', '=', vkforgId)
    .where('warehouse_id', '=', warehouseId)
    .orderBy('code')
    .execute();
}
