import { ADMIN_USERS_MSG, BACKGROUND_REQUEST_HEADER, type LoginRequest, MSG } from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../../config/env';
import type { DatabaseHandle, Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { metrics } from '../../lib/metrics';
import { hashPassword, verifyPassword } from '../../lib/password-hash';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthContext } from '../../plugins/auth';
import type { SessionRow } from './auth.repository';
import * as repo from './auth.repository';
import { reserveLoginAttempt } from './login-throttle';

export { switchSessionContexts } from './auth.repository';
export { clearAccountFailures } from './login-throttle';

import { sessionCacheOf } from './session-cache';

// Checked when the user does not exist, so a wrong name costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

const MINUTE = 60_000;
const TOUCH_AFTER_MS = 30_000;

export const sessionCookieName = (env: Env) => (env.HTTPS ? '__Host-mde_session' : 'mde_session');

export function readSessionCookie(request: FastifyRequest, env: Env): string | undefined {
  const value = request.cookies[sessionCookieName(env)];
  return value && value.length <= 100 ? value : undefined;
}

export type SessionResult = { status: 'ok'; auth: AuthContext } | { status: 'expired' } | { status: 'none' };

type Verdict = 'ok' | 'expired' | 'none';

function verdict(row: SessionRow | undefined, env: Env, now: number): Verdict {
  if (!row || row.revoked_at) return 'none';
  if (now >= new Date(row.expires_at).getTime()) return 'expired';
  // 'Stay authenticated' lifts only the idle limit.
  const idleLimit = env.SESSION_IDLE_MINUTES * MINUTE;
  if (!row.remember && now - new Date(row.last_seen_at).getTime() >= idleLimit) return 'expired';
  return 'ok';
}

/** The session a request's cookie names, if any (the auth plugin's resolver, wired in app.ts), at `now`. */
export async function sessionOfRequest(request: FastifyRequest, database: DatabaseHandle, env: Env, now: number) {
  const token = readSessionCookie(request, env);
  if (!token) return { status: 'none' } as const;
  return resolveSession(database, token, env, now, !isBackgroundRequest(request));
}

/**
 * Whether the session of a token is still open at `now`, read from the database (not the session cache, which
 * may not have heard of a change yet): for a long answer, the notification stream, that must end with its
 * session. It never moves the idle deadline.
 */
export async function sessionStillOpen(db: Db, token: string, env: Env, now: number): Promise<boolean> {
  return verdict(await repo.findSessionByHash(db, hashToken(token)), env, now) === 'ok';
}

/** A request the app made by itself (it says so): it is answered, but does not count as the person's activity. */
export const isBackgroundRequest = (request: FastifyRequest) => request.headers[BACKGROUND_REQUEST_HEADER] === '1';

/**
 * The session of a token: from the session cache when it holds a copy that is still valid now, otherwise
 * from the database (which alone decides that a session is gone or expired).
 */
export async function resolveSession(
  database: DatabaseHandle,
  token: string,
  env: Env,
  now = Date.now(),
  // Only what a person does moves the idle deadline; a background request leaves it where it is.
  personActivity = true,
): Promise<SessionResult> {
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf(database);
  let row = cache.get(tokenHash, now);
  if (!row || verdict(row, env, now) !== 'ok') {
    const read = await cache.read(tokenHash, () => repo.findSessionByHash(database.db, tokenHash));
    row = read.row;
    const result = verdict(row, env, now);
    if (!row || result !== 'ok') return { status: result === 'expired' ? 'expired' : 'none' };
    cache.set(tokenHash, row, read.mark, now);
  }
  if (personActivity && now - new Date(row.last_seen_at).getTime() > TOUCH_AFTER_MS) {
    // Stamped first, so concurrent requests on the cached copy do not all touch.
    row.last_seen_at = new Date(now);
    await repo.touchSession(database.db, row.session_id);
  }
  return { status: 'ok', auth: toAuthContext(row) };
}

// One context per cached session row, not per request (the row object lives as long as its cache entry).
const contexts = new WeakMap<SessionRow, AuthContext>();

function toAuthContext(row: SessionRow): AuthContext {
  let auth = contexts.get(row);
  if (!auth) {
    auth = newAuthContext(row);
    contexts.set(row, auth);
  }
  return auth;
}

function newAuthContext(row: SessionRow): AuthContext {
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    username: row.username,
    fullName: row.full_name,
    kind: row.kind,
    accountId: row.account_id,
    vkforgId: row.vkforg_id,
    firmaId: row.firma_id,
    permissions: new Set(row.permissions),
    roles: new Set(row.roles),
    mustChangePassword: row.must_change_password,
  };
}

/** The idle limit that runs for a session, in seconds: none when the user chose to stay signed in. */
export async function idleSecondsOf(db: Db, env: Env, sessionId: number): Promise<number | null> {
  return (await repo.isRememberedSession(db, sessionId)) ? null : env.SESSION_IDLE_MINUTES * 60;
}

/**
 * Checks the credentials under the throttle; returns the new session token and the user id. The throttle counts
 * by the database's clock, or by `now` when a test holds time still.
 */
export async function login(db: Db, env: Env, input: LoginRequest, ip: string, now?: Date) {
  const attempt = await reserveLoginAttempt(db, input.username, ip, now);
  const user = await repo.findUserForLogin(db, input.username);
  dummyHash ??= hashPassword('kein-Benutzer-vorhanden');
  const ok = await verifyPassword(user?.password_hash ?? (await dummyHash), input.password);
  if (!user || !ok) {
    metrics.loginFailures.inc();
    throw new AppError(401, 'LOGIN_FAILED', MSG.loginUnauthorized);
  }
  // Told only to whoever knows the password: a disabled user learns why they cannot sign in.
  if (user.disabled_at) throw new AppError(403, 'USER_DISABLED', ADMIN_USERS_MSG.userDisabled);
  await attempt.succeeded();
  const token = newToken();
  const lifetimeMs = input.stayAuthenticated
    ? env.SESSION_REMEMBER_DAYS * 24 * 60 * MINUTE
    : env.SESSION_ABSOLUTE_HOURS * 60 * MINUTE;
  await repo.insertSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    remember: input.stayAuthenticated,
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
  return { token, userId: user.id, maxAgeSeconds: input.stayAuthenticated ? lifetimeMs / 1000 : undefined };
}

export async function logout(database: DatabaseHandle, token: string) {
  const tokenHash = hashToken(token);
  await repo.revokeSession(database.db, tokenHash);
  // The trigger's notification drops it as well; this instance does not wait for it.
  sessionCacheOf(database).drop(tokenHash);
}

/** Signs the user out on every device (but the session kept, if any): after a password reset or change. */
export const revokeUserSessions = (db: Db, userId: number, exceptSessionId?: number) =>
  repo.revokeUserSessions(db, userId, exceptSessionId);
