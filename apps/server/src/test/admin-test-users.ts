import type { Db } from '../db/database';
import { hashPassword } from '../lib/password-hash';

/**
 * Test helper: a user holding ADMINISTRATION for firma 2 only (store 21, account 201), to prove an admin of one
 * firma neither sees nor changes another's objects.
 */
export async function createFirma2Admin(db: Db, username = `admin2-${Date.now()}`) {
  const password = 'Admin2-1234!';
  const row = await db
    .insertInto('app_user')
    .values({
      username,
      full_name: 'Admin Süd',
      email: `${username}@example.org`,
      password_hash: await hashPassword(password),
      kind: 'internal',
      account_id: 201,
      vkforg_id: 21,
      firma_id: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_account').values({ user_id: row.id, account_id: 201 }).execute();
  await db.insertInto('user_vkforg').values({ user_id: row.id, vkforg_id: 21 }).execute();
  await db.insertInto('user_permission').values({ user_id: row.id, permission: 'ADMINISTRATION' }).execute();
  return { username, password };
}
