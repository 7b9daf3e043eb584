import {
  type Contact,
  type ContactPatch,
  type ContextChange,
  contactValueProblem,
  MSG,
  type UserContext,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import { switchSessionContexts } from '../auth/auth.service';
import { USER_CONTACT_DEFINITION } from './contact-definition';
import * as repo from './user.repository';

/** The context a session works in; a login's first answer has none yet and shows the user's last choice. */
type SessionContext = Pick<AuthContext, 'accountId' | 'vkforgId' | 'firmaId'>;

export async function loadUserContext(db: Db, userId: number, session?: SessionContext): Promise<UserContext> {
  const user = await repo.findUser(db, userId);
  if (!user) throw notFound();
  const current = session ?? { accountId: user.account_id, vkforgId: user.vkforg_id, firmaId: user.firma_id };
  const [accounts, vkforgs, firmas, permissions, roles] = await Promise.all([
    repo.listUserAccounts(db, userId),
    repo.listUserVkforgs(db, userId),
    repo.listUserFirmas(db, userId),
    repo.listPermissions(db, userId),
    repo.listRoles(db, userId),
  ]);
  // docs/spec.md §4: 'open more settings' appears only when more than one context part can be edited.
  const contextEditors = [accounts.length, vkforgs.length, firmas.length].filter((n) => n > 1).length;
  return {
    username: user.username,
    userId: user.id,
    userFullName: user.full_name,
    accountid: current.accountId,
    accountids: accounts.map((a) => a.id),
    vkforgid: current.vkforgId,
    firmaid: current.firmaId,
    idfirma: current.firmaId,
    permissions: permissions.map((p) => p.permission) as UserContext['permissions'],
    roles: roles.map((r) => r.role) as UserContext['roles'],
    userKind: user.kind,
    contextEditors,
    ...(user.must_change_password ? { mustChangePassword: true } : {}),
  };
}

const notAllowed = () => new AppError(400, 'CONTEXT_NOT_ALLOWED', MSG.contextNotAllowed);

/**
 * Applies a patched context to this session (this device) and keeps it as the user's last choice for the next
 * login. Account, vkforg and firma always agree on the firma; a part the patch leaves out follows the changed
 * one. Only parts the user holds are accepted.
 */
export async function changeContext(db: Db, auth: AuthContext, patch: ContextChange): Promise<UserContext> {
  const [accounts, vkforgs] = await Promise.all([
    repo.listUserAccounts(db, auth.userId),
    repo.listUserVkforgs(db, auth.userId),
  ]);
  const account = patch.accountid === undefined ? undefined : accounts.find((a) => a.id === patch.accountid);
  const vkforg = patch.vkforgid === undefined ? undefined : vkforgs.find((v) => v.id === patch.vkforgid);
  if (patch.accountid !== undefined && !account) throw notAllowed();
  if (patch.vkforgid !== undefined && !vkforg) throw notAllowed();
  const firmaId = patch.firmaid ?? vkforg?.firma_id ?? account?.firma_id ?? auth.firmaId;
  if (!vkforgs.some((v) => v.firma_id === firmaId)) throw notAllowed();
  if ((vkforg && vkforg.firma_id !== firmaId) || (account && account.firma_id !== firmaId)) throw notAllowed();

  const nextVkforg =
    vkforg ??
    vkforgs.find((v) => v.id === auth.vkforgId && v.firma_id === firmaId) ??
    vkforgs.find((v) => v.firma_id === firmaId);
  const nextAccount =
    account ??
    accounts.find((a) => a.id === auth.accountId && a.firma_id === firmaId) ??
    accounts.find((a) => a.firma_id === firmaId);
  if (!nextVkforg || !nextAccount) throw notAllowed();
  const user = await repo.findUser(db, auth.userId);
  if (!user) throw notFound();
  const lastChoice = { accountId: user.account_id, vkforgId: user.vkforg_id, firmaId: user.firma_id };
  const next = { accountId: nextAccount.id, vkforgId: nextVkforg.id, firmaId };
  await switchSessionContexts(db, auth, lastChoice, next);
  // The update of app_user announces the user on mde_auth, so every instance drops its copies of the sessions.
  await repo.updateUserContext(db, auth.userId, next);
  return loadUserContext(db, auth.userId, next);
}

export async function getContact(db: Db, userId: number): Promise<Contact> {
  const row = await repo.findContact(db, userId);
  const user = await repo.findUser(db, userId);
  const values = { email: user?.email ?? '', ...(row?.contact_values ?? {}) };
  return { definition: USER_CONTACT_DEFINITION, values };
}

/** Validates the changes against the definition: unknown fields, required, length and e-mail format. */
export async function patchContact(db: Db, userId: number, patch: ContactPatch): Promise<Contact> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(patch)) {
    const field = USER_CONTACT_DEFINITION.fields.find((f) => f.name === name);
    const problem = field ? contactValueProblem(field, value) : MSG.unknownField;
    if (problem) fields[name] = problem;
  }
  if (Object.keys(fields).length > 0) throw badRequest(MSG.badRequest, fields);
  const current = await getContact(db, userId);
  const values = { ...current.values, ...patch };
  await repo.upsertContact(db, userId, values);
  if (patch.email) await repo.updateEmail(db, userId, patch.email);
  return { definition: USER_CONTACT_DEFINITION, values };
}

/** The context parts the user holds, as the context pickers list them (docs/spec.md §7 entities). */
export async function listAccounts(db: Db, userId: number) {
  return (await repo.listUserAccounts(db, userId)).map(({ id, number, name }) => ({ id, number, name }));
}

export async function listVkforgs(db: Db, userId: number) {
  return (await repo.listUserVkforgs(db, userId)).map((v) => ({
    id: v.id,
    vkforg: v.vkforg,
    kurzbezeichnung: v.kurzbezeichnung,
    idfirma: v.firma_id,
  }));
}

export const listFirmas = (db: Db, userId: number) => repo.listUserFirmas(db, userId);

// The password module changes a user's password through these (app_user belongs to this module).
export { replacePasswordHash, updatePasswordHash } from './user.repository';
