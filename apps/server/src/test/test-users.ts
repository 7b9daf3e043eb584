import type { Db } from '../db/db-type';
import { hashPassword } from '../lib/password-hash';

/**
 * A user of demo account 101 (firma 1) with exactly these permissions, working in these vkforgs (the first is
 * the one the session starts in); for tests of who may do what. Returns the user's id.
 */
export async function addTestUser(
  db: Db,
  user: { username: string; password: string; permissions: readonly string[]; vkforgs?: readonly number[] },
): Promise<number> {
  const vkforgs = user.vkforgs ?? [11];
  const row = await db
    .insertInto('app_user')
    .values({
      username: user.username,
      full_name: user.username,
      email: `${user.username}@example.invalid`,
      password_hash: await hashPassword(user.password),
      kind: 'internal',
      account_id: 101,
      vkforg_id: vkforgs[0] ?? 11,
      firma_id: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_account').values({ user_id: row.id, account_id: 101 }).execute();
  await db
    .insertInto('user_vkforg')
    .values(vkforgs.map((vkforg_id) => ({ user_id: row.id, vkforg_id })))
    .execute();
  if (user.permissions.length > 0) {
    await db
      .insertInto('user_permission')
      .values(user.permissions.map((permission) => ({ user_id: row.id, permission })))
      .execute();
  }
  return row.id;
}
