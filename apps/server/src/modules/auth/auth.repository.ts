import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface SessionRow {
  session_id: number;
  remember: boolean;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  user_id: number;
  username: string;
  full_name: string;
  kind: 'internal' | 'external';
  account_id: number;
  vkforg_id: number;
  firma_id: number;
  permissions: string[];
  roles: string[];
}

/** The hot path of every request: session, user and grants in one round trip. */
export async function findSessionByHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const result = await sql<SessionRow>`
    select s.id as session_id, s.remember, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at,
           u.id as user_id, u.username, u.full_name, u.kind, u.account_id, u.vkforg_id, u.firma_id,
           coalesce((select array_agg(p.permission order by p.permission) from user_permission p where p.user_id = u.id), '{}') as permissions,
           coalesce((select array_agg(r.role order by r.role) from user_role r where r.user_id = u.id), '{}') as roles
    from session s join app_user u on u.id = s.user_id
    where s.token_hash = ${tokenHash}`.execute(db);
  return result.rows[0];
}

export async function touchSession(db: Db, sessionId: number) {
  await db.updateTable('session').set({ last_seen_at: sql`now()` }).where('id', '=', String(sessionId)).execute();
}

export async function insertSession(
  db: Db,
  values: { tokenHash: string; userId: number; remember: boolean; expiresAt: Date },
) {
  await db
    .insertInto('session')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      remember: values.remember,
      expires_at: values.expiresAt,
    })
    .execute();
}

export async function revokeSession(db: Db, tokenHash: string) {
  await db
    .updateTable('session')
    .set({ revoked_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Db, userId: number, exceptSessionId?: number) {
  let query = db
    .updateTable('session')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', String(exceptSessionId));
  await query.execute();
}

export async function findUserForLogin(db: Db, username: string) {
  return db
    .selectFrom('app_user')
    .select(['id', 'password_hash'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function countFailures(db: Db, key: string, sinceMs: number) {
  const row = await db
    .selectFrom('login_failure')
    .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`max(failed_at)`.as('last')])
    .where('throttle_key', '=', key)
    .where('failed_at', '>', sql<Date>`now() - make_interval(secs => ${sinceMs / 1000})`)
    .executeTakeFirstOrThrow();
  return { count: row.n, last: row.last };
}

export async function recordFailure(db: Db, keys: string[]) {
  await db
    .insertInto('login_failure')
    .values(keys.map((throttle_key) => ({ throttle_key })))
    .execute();
}

export async function clearFailures(db: Db, key: string) {
  await db.deleteFrom('login_failure').where('throttle_key', '=', key).execute();
}
