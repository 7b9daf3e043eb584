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

async function updateUserContext(db: Db, userId: number, context: Context) {
  await db
    .updateTable('app_user')
    .set({ account_id: context.accountId, vkforg_id: context.vkforgId, firma_id: context.firmaId })
    .where('id', '=', userId)
    .execute();
}

/**
 * A switch of one session: every other live session of the user that still follows the last choice keeps the
 * context it shows (so the other device learns of nothing), then this session and the last choice take the new
 * one. The update of app_user announces the user on mde_auth, so every instance drops its copies of the sessions.
 */
export async function switchSessionContext(
  db: Db,
  session: { userId: number; sessionId: number },
  previous: Context,
  next: Context,
) {
  await db
    .updateTable('session')
    .set({ account_id: previous.accountId, vkforg_id: previous.vkforgId, firma_id: previous.firmaId })
    .where('user_id', '=', session.userId)
    .where('id', '!=', String(session.sessionId))
    .where('vkforg_id', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('session')
    .set({ account_id: next.accountId, vkforg_id: next.vkforgId, firma_id: next.firmaId })
    .where('id', '=', String(session.sessionId))
    .execute();
  await updateUserContext(db, session.userId, next);
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
