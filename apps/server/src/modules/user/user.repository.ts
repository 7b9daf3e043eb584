import { sql } from 'kysely';
import type { Db } from '../../db/database';

export async function findUser(db: Db, userId: number) {
  return db.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function listUserAccounts(db: Db, userId: number) {
  return db
    .selectFrom('account')
    .innerJoin('user_account', 'user_account.account_id', 'account.id')
    .select(['account.id', 'account.number', 'account.name', 'account.firma_id'])
    .where('user_account.user_id', '=', userId)
    .orderBy('account.number')
    .execute();
}

export async function listUserVkforgs(db: Db, userId: number) {
  return db
    .selectFrom('vkforg')
    .innerJoin('user_vkforg', 'user_vkforg.vkforg_id', 'vkforg.id')
    .select(['vkforg.id', 'vkforg.vkforg', 'vkforg.kurzbezeichnung', 'vkforg.firma_id'])
    .where('user_vkforg.user_id', '=', userId)
    .orderBy('vkforg.vkforg')
    .execute();
}

/** A user's firmas are the firmas of the vkforgs the user holds. */
export async function listUserFirmas(db: Db, userId: number) {
  return db
    .selectFrom('firma')
    .select(['firma.id', 'firma.kurzbezeichnung'])
    .where(
      'firma.id',
      'in',
      db
        .selectFrom('vkforg')
        .innerJoin('user_vkforg', 'user_vkforg.vkforg_id', 'vkforg.id')
        .select('vkforg.firma_id')
        .where('user_vkforg.user_id', '=', userId),
    )
    .orderBy('firma.id')
    .execute();
}

interface Context {
  accountId: number;
  vkforgId: number;
  firmaId: number;
}

export async function updateUserContext(db: Db, userId: number, context: Context) {
  await db
    .updateTable('app_user')
    .set({ account_id: context.accountId, vkforg_id: context.vkforgId, firma_id: context.firmaId })
    .where('id', '=', userId)
    .execute();
}

export async function findContact(db: Db, userId: number) {
  return db.selectFrom('user_contact').select('contact_values').where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertContact(db: Db, userId: number, values: Record<string, string>) {
  const json = JSON.stringify(values);
  await db
    .insertInto('user_contact')
    .values({ user_id: userId, contact_values: json })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ contact_values: json, updated_at: sql`now()` }))
    .execute();
}

export const listPermissions = (db: Db, userId: number) =>
  db.selectFrom('user_permission').select('permission').where('user_id', '=', userId).execute();

export const listRoles = (db: Db, userId: number) =>
  db.selectFrom('user_role').select('role').where('user_id', '=', userId).execute();

export const updateEmail = (db: Db, userId: number, email: string) =>
  db.updateTable('app_user').set({ email }).where('id', '=', userId).execute();

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string) {
  await db
    .updateTable('app_user')
    .set({ password_hash: passwordHash, password_changed_at: sql`now()`, must_change_password: false })
    .where('id', '=', userId)
    .execute();
}

/** Sets the new hash only while the old one is still in place; false when it changed meanwhile. */
export async function replacePasswordHash(db: Db, userId: number, oldHash: string, newHash: string) {
  const result = await db
    .updateTable('app_user')
    .set({ password_hash: newHash, password_changed_at: sql`now()`, must_change_password: false })
    .where('id', '=', userId)
    .where('password_hash', '=', oldHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
