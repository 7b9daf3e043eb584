import { MSG, type PasswordChange, type PasswordReset, type PasswordTokenRequest } from '@mde/contracts';
import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import { AppError, forbidden } from '../../lib/app-error';
import type { SendMail } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/password-hash';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthContext } from '../../plugins/auth';
import { type AuditEntry, recordAudit } from '../audit-log/record-audit';
import { revokeUserSessions } from '../auth/auth.service';
import { replacePasswordHash, updatePasswordHash } from '../user/user.service';
import * as repo from './password.repository';

/** A password event of a user, done by that user from an address; never the token or a password. */
const passwordEvent = (user: { id: number; username: string }, address: string, action: string): AuditEntry => ({
  actor: { userId: user.id, name: user.username, address },
  action,
  objectType: 'user',
  objectId: user.id,
  firmaId: null,
});

const TOKEN_TTL_MS = 30 * 60_000;

/** Step 1 of docs/spec.md §4's password flow. An unknown user gets exactly the answer a known one gets. */
export async function requestResetToken(
  db: Db,
  env: Env,
  sendMail: SendMail,
  input: PasswordTokenRequest,
  address: string,
) {
  const user = await repo.findUserByNameAndEmail(db, input.username, input.email);
  if (user) {
    const token = newToken(16); // 128 bits
    await db.transaction().execute(async (trx) => {
      await repo.insertResetToken(trx, user.id, hashToken(token), new Date(Date.now() + TOKEN_TTL_MS));
      await recordAudit(trx, passwordEvent(user, address, 'password.reset-request'));
    });
    // The link comes from configuration, never from the request's Host header.
    const link = new URL('/forgot-password/reset', env.PUBLIC_URL);
    link.searchParams.set('username', user.username);
    link.searchParams.set('token', token);
    try {
      await sendMail(db, {
        to: user.email,
        subject: 'MDE: Bestätigungscode zum Zurücksetzen des Passworts',
        text: [
          `Hallo ${user.full_name},`,
          '',
          `Ihr Bestätigungscode lautet: ${token}`,
          'Er ist 30 Minuten gültig und kann einmal verwendet werden.',
          `Direkt zurücksetzen: ${link.toString()}`,
          '',
          'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
        ].join('\n'),
      });
    } catch {
      throw new AppError(503, 'MAIL_FAILED', MSG.tokenNotSent);
    }
  }
  return { result: true, message: MSG.tokenSent };
}

const resetFailed = () => new AppError(400, 'RESET_FAILED', MSG.passwordNotReset);

/**
 * Step 2: the token is single-use, expires after 30 minutes and must belong to the named user. The new
 * password is hashed outside any transaction: a transaction holds a database connection (PGlite has one
 * for every request) for as long as it is open.
 */
export async function resetPassword(db: Db, input: PasswordReset, address: string) {
  const user = await repo.findUserByNameAndEmail(db, input.username, input.email);
  if (!user) throw resetFailed();
  const consumed = await repo.consumeResetToken(db, user.id, hashToken(input.token));
  if (!consumed) throw resetFailed();
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash);
    await revokeUserSessions(trx, user.id);
    await recordAudit(trx, passwordEvent(user, address, 'password.reset'));
  });
  return { result: true, message: MSG.passwordResetDone };
}

/**
 * Password change for a logged-in internal user; other sessions of the user are signed out. Checking and
 * hashing happen outside the transaction (see resetPassword); the hash is replaced only if it is still the
 * one the current password was checked against, so of two concurrent changes one wins.
 */
export async function changePassword(db: Db, auth: AuthContext, input: PasswordChange, address: string) {
  if (auth.kind !== 'internal') throw forbidden();
  const user = await repo.findPasswordHash(db, auth.userId);
  if (!user || !(await verifyPassword(user.password_hash, input.currentPassword))) throw currentPasswordWrong();
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    if (!(await replacePasswordHash(trx, auth.userId, user.password_hash, passwordHash))) {
      throw currentPasswordWrong();
    }
    await revokeUserSessions(trx, auth.userId, auth.sessionId);
    await recordAudit(trx, passwordEvent({ id: auth.userId, username: auth.username }, address, 'password.change'));
  });
  return { result: true, message: MSG.passwordChanged };
}

const currentPasswordWrong = () =>
  new AppError(400, 'CURRENT_PASSWORD_WRONG', MSG.currentPasswordWrong, {
    currentPassword: MSG.currentPasswordWrong,
  });
