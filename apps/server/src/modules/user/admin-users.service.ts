import {
  ADMIN_MSG,
  ADMIN_USERS_MSG,
  ADMIN_USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUserInput,
  type AdminUserListFilter,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password-hash';
import { type AuditActor, recordAudit } from '../audit-log/record-audit';
import { clearAccountFailures, revokeUserSessions } from '../auth/auth.service';
import { adminFirmaIds } from '../org/admin-scope';
import * as repo from './admin-users.repository';
import { newOneTimePassword } from './one-time-password';

/** Who changes: the admin (their id and firmas) or the operator CLI (every firma, no own account). */
export interface UserAdmin {
  actor: AuditActor;
  /** The admin's own user id; null for the operator. */
  userId: number | null;
  firmaIds: readonly number[];
}

const notFound = () => new AppError(404, 'NOT_FOUND', ADMIN_MSG.notFound);
const editedMeanwhile = () => new AppError(409, 'EDITED_MEANWHILE', ADMIN_MSG.editedMeanwhile);
const invalid = (fields: Record<string, string>) =>
  new AppError(400, 'BAD_REQUEST', Object.values(fields)[0] ?? ADMIN_MSG.notFound, fields);

/** What the audit log keeps of a user: every field an admin sets, never the password hash. */
const auditView = (user: AdminUser) => ({
  username: user.username,
  fullName: user.fullName,
  email: user.email,
  kind: user.kind,
  permissions: user.permissions,
  roles: user.roles,
  accountIds: user.accountIds,
  vkforgIds: user.vkforgIds,
  accountId: user.accountId,
  vkforgId: user.vkforgId,
  firmaId: user.firmaId,
  disabled: user.disabled,
});

export async function listUsers(db: Db, firmaIds: readonly number[], query: AdminUserListFilter) {
  const page = query.page;
  const result = await repo.listUsers(db, {
    firmaIds,
    q: query.q || undefined,
    status: query.status,
    permission: query.permission,
    vkforg: query.vkforg,
    limit: ADMIN_USERS_PAGE_SIZE,
    offset: (page - 1) * ADMIN_USERS_PAGE_SIZE,
  });
  return { ...result, page, pageSize: ADMIN_USERS_PAGE_SIZE };
}

export async function getUser(db: Db, firmaIds: readonly number[], id: number) {
  const user = await repo.findUser(db, id, firmaIds);
  if (!user) throw notFound();
  return user;
}

/**
 * The input's accounts and vkforgs must exist in the admin's firmas, and the default context must lie among
 * them (account and vkforg of the context's firma).
 */
async function checkInput(db: Db, admin: UserAdmin, input: AdminUserInput, exceptId?: number) {
  const fields: Record<string, string> = {};
  const accounts = await repo.findAccounts(db, input.accountIds);
  const vkforgs = await repo.findVkforgs(db, input.vkforgIds);
  const held = (firmaId: number) => admin.firmaIds.includes(firmaId);
  if (accounts.length !== new Set(input.accountIds).size || accounts.some((a) => !held(a.firma_id)))
    fields.accountIds = ADMIN_USERS_MSG.unknownAccount;
  if (vkforgs.length !== new Set(input.vkforgIds).size || vkforgs.some((v) => !held(v.firma_id)))
    fields.vkforgIds = ADMIN_USERS_MSG.unknownVkforg;
  const account = accounts.find((a) => a.id === input.accountId);
  const vkforg = vkforgs.find((v) => v.id === input.vkforgId);
  if (!input.accountIds.includes(input.accountId)) fields.accountId = ADMIN_USERS_MSG.contextAccountNotGiven;
  if (!input.vkforgIds.includes(input.vkforgId)) fields.vkforgId = ADMIN_USERS_MSG.contextVkforgNotGiven;
  if (
    !held(input.firmaId) ||
    (account && account.firma_id !== input.firmaId) ||
    (vkforg && vkforg.firma_id !== input.firmaId)
  )
    fields.firmaId = ADMIN_USERS_MSG.contextFirmaMismatch;
  if (Object.keys(fields).length) throw invalid(fields);
  if (await repo.usernameTaken(db, input.username, exceptId))
    throw new AppError(409, 'USERNAME_TAKEN', ADMIN_USERS_MSG.usernameTaken, {
      username: ADMIN_USERS_MSG.usernameTaken,
    });
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** No firma the user administered before may end up without an active admin. */
async function assertAdminsRemain(trx: Db, before: readonly number[]) {
  if ((await repo.firmasWithoutActiveAdmin(trx, before)).length > 0)
    throw new AppError(409, 'LAST_ADMIN', ADMIN_USERS_MSG.lastAdmin);
}

/**
 * A change to a user's password, e-mail, name, permissions or state is for an admin who holds every firma the
 * user holds: otherwise the admin of one firma could set the password or e-mail of a user who also works in
 * another, sign in as them and act in that firma. Seeing the user (one shared firma) is not enough.
 */
async function assertHoldsEveryFirma(db: Db, admin: UserAdmin, id: number) {
  const firmas = await repo.userFirmaIds(db, id);
  if (firmas.some((firma) => !admin.firmaIds.includes(firma)))
    throw new AppError(403, 'FIRMA_NOT_HELD', ADMIN_USERS_MSG.otherFirmasUser);
}

const administeredFirmas = async (db: Db, user: AdminUser) =>
  user.permissions.includes('ADMINISTRATION') && !user.disabled ? adminFirmaIds(db, user.id) : [];

/** Creates the user with a one-time password (to change at the first sign-in); answers it once. */
export async function createUser(db: Db, admin: UserAdmin, input: AdminUserInput) {
  await checkInput(db, admin, input);
  const password = newOneTimePassword();
  const passwordHash = await hashPassword(password);
  try {
    const user = await db.transaction().execute(async (trx) => {
      await repo.lockUserAdministration(trx);
      const id = await repo.insertUser(trx, input, passwordHash, true);
      await repo.replaceGrants(trx, id, input, admin.firmaIds);
      const created = await repo.findUser(trx, id, admin.firmaIds);
      if (!created) throw notFound();
      await recordAudit(trx, {
        actor: admin.actor,
        action: 'user.create',
        objectType: 'user',
        objectId: id,
        firmaId: created.firmaId,
        after: { ...auditView(created), oneTimePassword: true },
      });
      return created;
    });
    return { password, user };
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'USERNAME_TAKEN', ADMIN_USERS_MSG.usernameTaken, {
        username: ADMIN_USERS_MSG.usernameTaken,
      });
    throw error;
  }
}

export async function updateUser(db: Db, admin: UserAdmin, id: number, input: AdminUserInput & { version: number }) {
  const current = await getUser(db, admin.firmaIds, id);
  await assertHoldsEveryFirma(db, admin, id);
  if (current.version !== input.version) throw editedMeanwhile();
  if (admin.userId === id && !input.permissions.includes('ADMINISTRATION'))
    throw new AppError(409, 'OWN_ADMINISTRATION', ADMIN_USERS_MSG.ownAdministration, {
      permissions: ADMIN_USERS_MSG.ownAdministration,
    });
  await checkInput(db, admin, input, id);
  try {
    return await db.transaction().execute(async (trx) => {
      await repo.lockUserAdministration(trx);
      const before = await repo.findUser(trx, id, admin.firmaIds);
      if (!before) throw notFound();
      await assertHoldsEveryFirma(trx, admin, id);
      const administered = await administeredFirmas(trx, before);
      if (!(await repo.updateUser(trx, id, input.version, input))) throw editedMeanwhile();
      await repo.replaceGrants(trx, id, input, admin.firmaIds);
      await assertAdminsRemain(trx, administered);
      const after = await repo.findUser(trx, id, admin.firmaIds);
      if (!after) throw notFound();
      await recordAudit(trx, {
        actor: admin.actor,
        action: 'user.update',
        objectType: 'user',
        objectId: id,
        firmaId: after.firmaId,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'USERNAME_TAKEN', ADMIN_USERS_MSG.usernameTaken, {
        username: ADMIN_USERS_MSG.usernameTaken,
      });
    throw error;
  }
}

/**
 * Disabling signs the user out everywhere at once and keeps them out; what their devices still hold to send
 * stays on the devices.
 */
export async function setUserDisabled(db: Db, admin: UserAdmin, id: number, disabled: boolean, version?: number) {
  if (disabled && admin.userId === id) throw new AppError(409, 'OWN_DISABLE', ADMIN_USERS_MSG.ownDisable);
  return db.transaction().execute(async (trx) => {
    await repo.lockUserAdministration(trx);
    const before = await repo.findUser(trx, id, admin.firmaIds);
    if (!before) throw notFound();
    await assertHoldsEveryFirma(trx, admin, id);
    if (version !== undefined && before.version !== version) throw editedMeanwhile();
    if (before.disabled === disabled)
      throw new AppError(
        409,
        disabled ? 'ALREADY_DISABLED' : 'ALREADY_ENABLED',
        disabled ? ADMIN_USERS_MSG.alreadyDisabled : ADMIN_USERS_MSG.alreadyEnabled,
      );
    const administered = await administeredFirmas(trx, before);
    if (!(await repo.setDisabled(trx, id, version, disabled))) throw editedMeanwhile();
    if (disabled) {
      await revokeUserSessions(trx, id);
      await assertAdminsRemain(trx, administered);
    }
    const after = await repo.findUser(trx, id, admin.firmaIds);
    if (!after) throw notFound();
    await recordAudit(trx, {
      actor: admin.actor,
      action: disabled ? 'user.disable' : 'user.enable',
      objectType: 'user',
      objectId: id,
      firmaId: after.firmaId,
      before: { disabled: before.disabled },
      after: { disabled: after.disabled },
    });
    return after;
  });
}

/** A new password for one sign-in; the user must choose their own right after it. Answered once. */
export async function setOneTimePassword(db: Db, admin: UserAdmin, id: number) {
  const user = await getUser(db, admin.firmaIds, id);
  await assertHoldsEveryFirma(db, admin, id);
  if (user.kind !== 'internal') throw new AppError(409, 'EXTERNAL_USER', ADMIN_USERS_MSG.externalNoPassword);
  const password = newOneTimePassword();
  const passwordHash = await hashPassword(password);
  const after = await db.transaction().execute(async (trx) => {
    // Checked again under the lock of user changes: a grant in another firma given meanwhile counts.
    await repo.lockUserAdministration(trx);
    await assertHoldsEveryFirma(trx, admin, id);
    await repo.setOneTimePassword(trx, id, passwordHash);
    // Whoever is signed in with the old password is so no longer.
    await revokeUserSessions(trx, id);
    await recordAudit(trx, {
      actor: admin.actor,
      action: 'user.one-time-password',
      objectType: 'user',
      objectId: id,
      firmaId: user.firmaId,
      after: { mustChangePassword: true },
    });
    const changed = await repo.findUser(trx, id, admin.firmaIds);
    if (!changed) throw notFound();
    return changed;
  });
  return { password, user: after };
}

/** Sends the password-reset mail of the forgot-password flow (docs/spec.md §4) to the user's address. */
/** The forgot-password flow's request (the password module's, handed in by app.ts): token, audit entry, mail. */
export type RequestReset = (db: Db, user: { username: string; email: string }, address: string) => Promise<unknown>;

export async function sendResetMail(db: Db, requestReset: RequestReset, admin: UserAdmin, id: number) {
  const user = await getUser(db, admin.firmaIds, id);
  await assertHoldsEveryFirma(db, admin, id);
  if (user.kind !== 'internal') throw new AppError(409, 'EXTERNAL_USER', ADMIN_USERS_MSG.externalNoPassword);
  if (!user.email) throw new AppError(409, 'NO_EMAIL', ADMIN_USERS_MSG.noEmail);
  // The forgot-password flow writes its token and its own audit entry in its transaction and then mails; the
  // admin's request is a second entry, so the log shows who asked for it.
  const address = 'address' in admin.actor ? (admin.actor.address ?? '') : '';
  await requestReset(db, { username: user.username, email: user.email }, address);
  await db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      actor: admin.actor,
      action: 'user.password-reset-mail',
      objectType: 'user',
      objectId: id,
      firmaId: user.firmaId,
    });
  });
  return { message: ADMIN_USERS_MSG.resetMailSent, user };
}

/** Lifts the login throttle of the user's account: its failed attempts from every address are forgotten. */
export async function unlockUser(db: Db, admin: UserAdmin, id: number) {
  const user = await getUser(db, admin.firmaIds, id);
  // Lifting the throttle of another firma's user would open their account to more guessing.
  await assertHoldsEveryFirma(db, admin, id);
  await db.transaction().execute(async (trx) => {
    const cleared = await clearAccountFailures(trx, user.username);
    await recordAudit(trx, {
      actor: admin.actor,
      action: 'user.unlock',
      objectType: 'user',
      objectId: id,
      firmaId: user.firmaId,
      before: { loginFailures: cleared },
    });
  });
  return { message: ADMIN_USERS_MSG.unlocked, user };
}
