import type { Db } from '../../db/database';

/**
 * The organisation an operator's first admin needs: the firma (created with its name when the database is
 * still empty), and at least one store (vkforg) and account of it, since every user works in one. The store
 * carries the code given, so the later store import (which matches stores by firma and code) completes it.
 */
export async function ensureFirmaOrg(
  trx: Db,
  firma: { id: number; name?: string },
  store: { code: string; name: string },
): Promise<{ created: string[]; vkforgIds: number[]; accountIds: number[] } | { missing: 'firma-name' }> {
  const created: string[] = [];
  const exists = await trx.selectFrom('firma').select('id').where('id', '=', firma.id).executeTakeFirst();
  if (!exists) {
    if (!firma.name) return { missing: 'firma-name' };
    await trx.insertInto('firma').values({ id: firma.id, kurzbezeichnung: firma.name }).execute();
    created.push(`Firma ${firma.id} „${firma.name}“`);
  }
  let vkforgIds = (
    await trx.selectFrom('vkforg').select('id').where('firma_id', '=', firma.id).orderBy('id').execute()
  ).map((r) => r.id);
  if (vkforgIds.length === 0) {
    const id = await nextId(trx, 'vkforg');
    await trx
      .insertInto('vkforg')
      .values({ id, firma_id: firma.id, vkforg: store.code, kurzbezeichnung: store.name })
      .execute();
    created.push(`Filiale ${store.code} „${store.name}“`);
    vkforgIds = [id];
  }
  let accountIds = (
    await trx.selectFrom('account').select('id').where('firma_id', '=', firma.id).orderBy('id').execute()
  ).map((r) => r.id);
  if (accountIds.length === 0) {
    const id = await nextId(trx, 'account');
    const name = firma.name ?? store.name;
    await trx
      .insertInto('account')
      .values({ id, firma_id: firma.id, number: String(id), name })
      .execute();
    created.push(`Konto ${id} „${name}“`);
    accountIds = [id];
  }
  return { created, vkforgIds, accountIds };
}

async function nextId(db: Db, table: 'vkforg' | 'account') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0) + 1;
}

export const allFirmaIds = async (db: Db) =>
  (await db.selectFrom('firma').select('id').orderBy('id').execute()).map((r) => r.id);

/** The stores (vkforgs) of a firma by the numbers the ERP gives them (1100), as their ids. */
export const storesByNumber = async (db: Db, firmaId: number, numbers: string[]) =>
  numbers.length === 0
    ? new Map<string, number>()
    : new Map(
        (
          await db
            .selectFrom('vkforg')
            .select(['id', 'vkforg'])
            .where('firma_id', '=', firmaId)
            .where('vkforg', 'in', numbers)
            .execute()
        ).map((s) => [s.vkforg, s.id]),
      );

/** The first account of a firma (by id): where a user made without accounts works. */
export const firstAccountOf = async (db: Db, firmaId: number) =>
  (await db.selectFrom('account').select('id').where('firma_id', '=', firmaId).orderBy('id').executeTakeFirst())?.id;
