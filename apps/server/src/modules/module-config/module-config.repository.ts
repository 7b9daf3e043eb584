import { sql } from 'kysely';
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

/** The firma's stored module config rows; with `forUpdate` they stay locked until the change commits. */
export const storedSettings = (db: Db, firmaId: number, forUpdate = false) => {
  const query = db
    .selectFrom('module_config')
    .select(['module', 'config_key', 'config_value'])
    .where('firma_id', '=', firmaId);
  return (forUpdate ? query.forUpdate() : query).execute();
};

export const upsertSetting = (db: Db, firmaId: number, module: string, key: string, value: string) =>
  db
    .insertInto('module_config')
    .values({ firma_id: firmaId, module, config_key: key, config_value: value })
    .onConflict((oc) => oc.columns(['firma_id', 'module', 'config_key']).doUpdateSet({ config_value: value }))
    .execute();

/** Two admins saving the same firma's settings at once: the second waits here until the first commits. */
export const lockFirmaSettings = (trx: Db, firmaId: number) =>
  sql`select pg_advisory_xact_lock(727107, ${firmaId})`.execute(trx);
