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
