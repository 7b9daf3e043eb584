import { type LoginRequest, MSG } from '@mde/contracts';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './auth.repository';
import { assertLoginAllowed, noteLoginFailure, noteLoginSuccess } from './login-throttle';

// OWASP: argon2id with at least 19 MiB and 2 iterations.
const ARGON2_ID = 2 as Algorithm; // Algorithm.Argon2id; the const enum cannot be imported under isolatedModules
const ARGON2 = { algorithm: ARGON2_ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = (stored: string, password: string) => verify(stored, password).catch(() => false);
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

export async function resolveSession(db: Db, token: string, env: Env, now = Date.now()): Promise<SessionResult> {
  const row = await repo.findSessionByHash(db, hashToken(token));
  if (!row || row.revoked_at) return { status: 'none' };
  const idleLimit = env.SESSION_IDLE_MINUTES * MINUTE;
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (now >= new Date(row.expires_at).getTime()) return { status: 'expired' };
  // 'Stay authenticated' lifts only the idle limit.
  if (!row.remember && now - lastSeen >= idleLimit) return { status: 'expired' };
  if (now - lastSeen > TOUCH_AFTER_MS) await repo.touchSession(db, row.session_id);
  return {
    status: 'ok',
    auth: {
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
    },
  };
}

/** Checks the credentials under the throttle; returns the new session token and the user id. */
export async function login(db: Db, env: Env, input: LoginRequest, ip: string) {
  await assertLoginAllowed(db, input.username, ip);
  const user = await repo.findUserForLogin(db, input.username);
  dummyHash ??= hashPassword('kein-Benutzer-vorhanden');
  const ok = await verifyPassword(user?.password_hash ?? (await dummyHash), input.password);
  if (!user || !ok) {
    await noteLoginFailure(db, input.username, ip);
    throw new AppError(401, 'LOGIN_FAILED', MSG.loginUnauthorized);
  }
  await noteLoginSuccess(db, input.username);
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

export const logout = (db: Db, token: string) => repo.revokeSession(db, hashToken(token));
