import type { Db } from '../../db/database';

/**
 * The firmas an admin manages: those of the sales organisations (vkforgs) and accounts they hold. An admin of
 * Firma 1 neither sees nor changes anything of Firma 2 (its users, stores, settings, devices, log).
 */
export async function adminFirmaIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_vkforg as uv')
    .innerJoin('vkforg as v', 'v.id', 'uv.vkforg_id')
    .select('v.firma_id')
    .where('uv.user_id', '=', userId)
    .union(
      db
        .selectFrom('user_account as ua')
        .innerJoin('account as a', 'a.id', 'ua.account_id')
        .select('a.firma_id')
        .where('ua.user_id', '=', userId),
    )
    .execute();
  return [...new Set(rows.map((r) => r.firma_id))].sort((a, b) => a - b);
}

/** The firmas of these ids with their short names, in id order (a form's choice of the admin's firmas). */
export async function firmaNames(db: Db, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('firma')
    .select(['id', 'kurzbezeichnung'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.kurzbezeichnung }));
}
