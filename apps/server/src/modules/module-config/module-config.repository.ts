import type { Db } from '../../db/database';

export async function listModuleConfig(db: Db, firmaId: number) {
  return db
    .selectFrom('module_config')
    .select(['module', 'config_key', 'config_value'])
    .where('firma_id', '=', firmaId)
    .orderBy('module')
    .orderBy('config_key')
    .execute();
}
