import { sql } from 'kysely';
import type { Db } from '../../db/database';

export async function findUserByNameAndEmail(db: Db, username: string, email: string) {
  return db
    .selectFrom('app_user')
    .select(['id', 'username', 'email', 'full_name', 'password_hash'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function insertResetToken(db: Db, userId: number, tokenHash: string, expiresAt: Date) {
  // A new request makes every older token of the user useless.
  await db
    .updateTable('password_reset_token')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('password_reset_token')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

/** Marks the token used and returns its user, only if it is unused, unexpired and the user's. */
export async function consumeResetToken(db: Db, userId: number, tokenHash: string) {
  return db
    .updateTable('password_reset_token')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
}

export const findPasswordHash = (db: Db, userId: number) =>
  db.selectFrom('app_user').select('password_hash').where('id', '=', userId).executeTakeFirst();
