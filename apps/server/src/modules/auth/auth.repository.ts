import { sql } from 'kysely';
import { textArrayLiteral } from '../../db/array-literal';
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
  must_change_password: boolean;
}

/** The hot path of every request: session, user and grants in one round trip. */
export async function findSessionByHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const result = await sql<SessionRow>`
    select s.id as session_id, s.remember, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at,
           u.id as user_id, u.username, u.full_name, u.kind, u.must_change_password,
           coalesce(s.account_id, u.account_id) as account_id, coalesce(s.vkforg_id, u.vkforg_id) as vkforg_id,
           coalesce(s.firma_id, u.firma_id) as firma_id,
           coalesce((select array_agg(p.permission order by p.permission) from user_permission p where p.user_id = u.id), '{}') as permissions,
           coalesce((select array_agg(r.role order by r.role) from user_role r where r.user_id = u.id), '{}') as roles
    from session s join app_user u on u.id = s.user_id and u.disabled_at is null
    where s.token_hash = ${tokenHash}`.execute(db);
  return result.rows[0];
}

export async function touchSession(db: Db, sessionId: number) {
  await db.updateTable('session').set({ last_seen_at: sql`now()` }).where('id', '=', String(sessionId)).execute();
}

export async function isRememberedSession(db: Db, sessionId: number): Promise<boolean> {
  const row = await db.selectFrom('session').select('remember').where('id', '=', String(sessionId)).executeTakeFirst();
  return row?.remember === true;
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
    .select(['id', 'password_hash', 'disabled_at'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export interface FailureStats {
  count: number;
  /** Oldest and newest failure within the window, in ms since the epoch (the database's clock unless a test holds one). */
  firstMs: number;
  lastMs: number;
}

/**
 * Serialises login attempts on these keys until the transaction ends, so counting the failures and
 * reserving the next attempt are one step for concurrent requests and instances alike. Always taken in the
 * order given (account before address), so two attempts never wait on each other in a circle.
 */
export async function lockThrottleKeys(trx: Db, keys: string[]) {
  for (const key of keys) await sql`select pg_advisory_xact_lock(hashtext(${`login:${key}`}))`.execute(trx);
}

export async function failureStats(trx: Db, keys: string[], windowMs: number, at?: Date) {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const result = await sql<{
    key: string | null;
    n: number;
    first_ms: number | null;
    last_ms: number | null;
    now_ms: number;
  }>`
    select k.key, count(f.id)::int as n,
           (extract(epoch from min(f.failed_at)) * 1000)::float8 as first_ms,
           (extract(epoch from max(f.failed_at)) * 1000)::float8 as last_ms,
           (extract(epoch from ${now}) * 1000)::float8 as now_ms
    from unnest(${textArrayLiteral(keys)}::text[]) as k(key)
    left join login_failure f
      on f.throttle_key = k.key and f.failed_at > ${now} - make_interval(secs => ${windowMs / 1000})
    group by k.key`.execute(trx);
  const stats = new Map<string, FailureStats>();
  let nowMs = Date.now();
  for (const row of result.rows) {
    nowMs = row.now_ms;
    stats.set(row.key ?? '', { count: row.n, firstMs: row.first_ms ?? 0, lastMs: row.last_ms ?? 0 });
  }
  return { stats, nowMs };
}

/** Records one failure under each key, at `at` or now; returns the rows' ids. */
export async function recordFailure(db: Db, keys: string[], at?: Date): Promise<string[]> {
  const rows = await db
    .insertInto('login_failure')
    .values(keys.map((throttle_key) => (at ? { throttle_key, failed_at: at } : { throttle_key })))
    .returning('id')
    .execute();
  return rows.map((r) => String(r.id));
}

export async function deleteFailures(db: Db, ids: string[]) {
  if (ids.length) await db.deleteFrom('login_failure').where('id', 'in', ids).execute();
}

export async function clearFailures(db: Db, key: string) {
  await db.deleteFrom('login_failure').where('throttle_key', '=', key).execute();
}

/** Deletes the failures of a key and of every key that starts with `prefix`; answers how many. */
export async function clearFailuresFrom(db: Db, key: string, prefix: string) {
  const result = await db
    .deleteFrom('login_failure')
    .where((eb) => eb.or([eb('throttle_key', '=', key), eb(sql`starts_with(throttle_key, ${prefix})`, '=', true)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether the account signed in from this address within the last `days` days. */
export async function isKnownAddress(db: Db, accountKey: string, address: string, days: number): Promise<boolean> {
  const row = await db
    .selectFrom('login_known_address')
    .select('address')
    .where('account_key', '=', accountKey)
    .where('address', '=', address)
    .where(sql<boolean>`last_success_at > now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberKnownAddress(db: Db, accountKey: string, address: string) {
  await db
    .insertInto('login_known_address')
    .values({ account_key: accountKey, address })
    .onConflict((oc) => oc.columns(['account_key', 'address']).doUpdateSet({ last_success_at: sql`now()` }))
    .execute();
}

/** The working context a session shows: account, store (vkforg) and firma. */
export interface SessionContext {
  accountId: number;
  vkforgId: number;
  firmaId: number;
}

/**
 * A switch of one session: every other live session of the user that still follows the last choice keeps the
 * context it shows (so the other device learns of nothing), then this session and the last choice take the new
 * one (the user module then stores the last choice).
 */
export async function switchSessionContexts(
  db: Db,
  session: { userId: number; sessionId: number },
  previous: SessionContext,
  next: SessionContext,
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
}

/** Whether a lock of this throttle key was logged after its last failure (login-lock-audit.ts). */
export const lockLoggedSince = (trx: Db, key: string, lastMs: number) =>
  trx
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'login.lock')
    .where(sql<string>`after->>'throttleKey'`, '=', key)
    .where('at', '>=', sql<Date>`to_timestamp(${lastMs / 1000})`)
    .limit(1)
    .executeTakeFirst();

/** The account a login names, whatever its case. */
export const userByName = (trx: Db, username: string) =>
  trx
    .selectFrom('app_user')
    .select(['id', 'username'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
