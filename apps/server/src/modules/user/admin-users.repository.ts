import type { AdminUser } from '@mde/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

type UserRow = {
  id: number;
  username: string;
  full_name: string;
  email: string;
  kind: 'internal' | 'external';
  account_id: number;
  vkforg_id: number;
  firma_id: number;
  disabled_at: Date | null;
  must_change_password: boolean;
  version: number;
  created_at: Date;
  permissions: string[] | null;
  roles: string[] | null;
  account_ids: number[] | null;
  vkforg_ids: number[] | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    kind: row.kind,
    permissions: row.permissions ?? [],
    roles: row.roles ?? [],
    accountIds: row.account_ids ?? [],
    vkforgIds: row.vkforg_ids ?? [],
    accountId: row.account_id,
    vkforgId: row.vkforg_id,
    firmaId: row.firma_id,
    disabled: row.disabled_at !== null,
    disabledAt: row.disabled_at === null ? null : iso(row.disabled_at),
    mustChangePassword: row.must_change_password,
    version: row.version,
    createdAt: iso(row.created_at),
  };
}

/**
 * A user lies in the admin's firmas when their context firma, one of their vkforgs or one of their accounts
 * belongs to one of them.
 */
export function inFirmas(firmaIds: readonly number[]) {
  return (eb: ExpressionBuilder<Database & { u: Database['app_user'] }, 'u'>) => {
    if (firmaIds.length === 0) return sql<boolean>`false`;
    const ids = [...firmaIds];
    return eb.or([
      eb('u.firma_id', 'in', ids),
      eb.exists(
        eb
          .selectFrom('user_vkforg as fv')
          .innerJoin('vkforg as v', 'v.id', 'fv.vkforg_id')
          .select('fv.user_id')
          .whereRef('fv.user_id', '=', 'u.id')
          .where('v.firma_id', 'in', ids),
      ),
      eb.exists(
        eb
          .selectFrom('user_account as fa')
          .innerJoin('account as a', 'a.id', 'fa.account_id')
          .select('fa.user_id')
          .whereRef('fa.user_id', '=', 'u.id')
          .where('a.firma_id', 'in', ids),
      ),
    ]);
  };
}

function selectUsers(db: Db) {
  return db
    .selectFrom('app_user as u')
    .select([
      'u.id',
      'u.username',
      'u.full_name',
      'u.email',
      'u.kind',
      'u.account_id',
      'u.vkforg_id',
      'u.firma_id',
      'u.disabled_at',
      'u.must_change_password',
      'u.version',
      'u.created_at',
      sql<
        string[]
      >`(select array_agg(p.permission order by p.permission) from user_permission p where p.user_id = u.id)`.as(
        'permissions',
      ),
      sql<string[]>`(select array_agg(r.role order by r.role) from user_role r where r.user_id = u.id)`.as('roles'),
      sql<
        number[]
      >`(select array_agg(x.account_id order by x.account_id) from user_account x where x.user_id = u.id)`.as(
        'account_ids',
      ),
      sql<number[]>`(select array_agg(x.vkforg_id order by x.vkforg_id) from user_vkforg x where x.user_id = u.id)`.as(
        'vkforg_ids',
      ),
    ]);
}

export interface UserFilter {
  firmaIds: readonly number[];
  q?: string;
  status?: 'active' | 'disabled';
  permission?: string;
  vkforg?: number;
  limit: number;
  offset: number;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(db: Db, filter: UserFilter) {
  let query = db.selectFrom('app_user as u').where(inFirmas(filter.firmaIds));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    query = query.where((eb) =>
      eb.or([eb('u.username', 'ilike', pattern), eb('u.full_name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]),
    );
  }
  if (filter.status === 'active') query = query.where('u.disabled_at', 'is', null);
  if (filter.status === 'disabled') query = query.where('u.disabled_at', 'is not', null);
  if (filter.permission) {
    const permission = filter.permission;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_permission as fp')
          .select('fp.user_id')
          .whereRef('fp.user_id', '=', 'u.id')
          .where('fp.permission', '=', permission),
      ),
    );
  }
  if (filter.vkforg !== undefined) {
    const vkforg = filter.vkforg;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_vkforg as sv')
          .select('sv.user_id')
          .whereRef('sv.user_id', '=', 'u.id')
          .where('sv.vkforg_id', '=', vkforg),
      ),
    );
  }
  const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const ids = await query
    .select('u.id')
    .orderBy(sql`lower(u.username)`)
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const rows = ids.length
    ? await selectUsers(db)
        .where(
          'u.id',
          'in',
          ids.map((r) => r.id),
        )
        .orderBy(sql`lower(u.username)`)
        .execute()
    : [];
  return { total: Number(total.n), items: (rows as UserRow[]).map(toAdminUser) };
}

/** One user, only when they lie in the admin's firmas. */
export async function findUser(db: Db, id: number, firmaIds: readonly number[]) {
  const row = await selectUsers(db).where('u.id', '=', id).where(inFirmas(firmaIds)).executeTakeFirst();
  return row ? toAdminUser(row as UserRow) : undefined;
}

/** Every firma a user holds: their context firma and the firmas of their vkforgs and accounts. */
export async function userFirmaIds(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('app_user')
    .select('firma_id')
    .where('id', '=', id)
    .union(
      db
        .selectFrom('user_vkforg as uv')
        .innerJoin('vkforg as v', 'v.id', 'uv.vkforg_id')
        .select('v.firma_id')
        .where('uv.user_id', '=', id),
    )
    .union(
      db
        .selectFrom('user_account as ua')
        .innerJoin('account as a', 'a.id', 'ua.account_id')
        .select('a.firma_id')
        .where('ua.user_id', '=', id),
    )
    .execute();
  return rows.map((r) => r.firma_id);
}

export async function findUserByName(db: Db, username: string) {
  const row = await selectUsers(db).where(sql`lower(u.username)`, '=', username.toLowerCase()).executeTakeFirst();
  return row ? toAdminUser(row as UserRow) : undefined;
}

export async function usernameTaken(db: Db, username: string, exceptId?: number) {
  let query = db.selectFrom('app_user').select('id').where(sql`lower(username)`, '=', username.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export const findAccounts = (db: Db, ids: readonly number[]) =>
  ids.length
    ? db
        .selectFrom('account')
        .select(['id', 'firma_id'])
        .where('id', 'in', [...ids])
        .execute()
    : [];

export const findVkforgs = (db: Db, ids: readonly number[]) =>
  ids.length
    ? db
        .selectFrom('vkforg')
        .select(['id', 'firma_id'])
        .where('id', 'in', [...ids])
        .execute()
    : [];

/** Admin changes of users run one at a time, so two admins never both remove the last admin of a firma. */
export async function lockUserAdministration(trx: Db) {
  await sql`select pg_advisory_xact_lock(hashtext('admin:users'))`.execute(trx);
}

export interface UserValues {
  username: string;
  fullName: string;
  email: string;
  kind: 'internal' | 'external';
  accountId: number;
  vkforgId: number;
  firmaId: number;
}

export async function insertUser(trx: Db, values: UserValues, passwordHash: string, mustChangePassword: boolean) {
  const row = await trx
    .insertInto('app_user')
    .values({
      username: values.username,
      full_name: values.fullName,
      email: values.email,
      kind: values.kind,
      account_id: values.accountId,
      vkforg_id: values.vkforgId,
      firma_id: values.firmaId,
      password_hash: passwordHash,
      must_change_password: mustChangePassword,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates the user's own fields only while they still have `version`; false when someone changed them meanwhile. */
export async function updateUser(trx: Db, id: number, version: number | undefined, values: Partial<UserValues>) {
  let query = trx
    .updateTable('app_user')
    .set({
      ...(values.username !== undefined ? { username: values.username } : {}),
      ...(values.fullName !== undefined ? { full_name: values.fullName } : {}),
      ...(values.email !== undefined ? { email: values.email } : {}),
      ...(values.kind !== undefined ? { kind: values.kind } : {}),
      ...(values.accountId !== undefined ? { account_id: values.accountId } : {}),
      ...(values.vkforgId !== undefined ? { vkforg_id: values.vkforgId } : {}),
      ...(values.firmaId !== undefined ? { firma_id: values.firmaId } : {}),
      version: sql`version + 1`,
    })
    .where('id', '=', id);
  if (version !== undefined) query = query.where('version', '=', version);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function setDisabled(trx: Db, id: number, version: number | undefined, disabled: boolean) {
  let query = trx
    .updateTable('app_user')
    .set({ disabled_at: disabled ? sql`now()` : null, version: sql`version + 1` })
    .where('id', '=', id);
  if (version !== undefined) query = query.where('version', '=', version);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function setOneTimePassword(trx: Db, id: number, passwordHash: string) {
  await trx
    .updateTable('app_user')
    .set({
      password_hash: passwordHash,
      password_changed_at: sql`now()`,
      must_change_password: true,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Replaces the user's grants: permissions and roles wholly, accounts and vkforgs only within the admin's firmas
 * (those of other firmas stay as they are).
 */
export async function replaceGrants(
  trx: Db,
  userId: number,
  grants: { permissions: readonly string[]; roles: readonly string[]; accountIds: number[]; vkforgIds: number[] },
  firmaIds: readonly number[],
) {
  await trx.deleteFrom('user_permission').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_role').where('user_id', '=', userId).execute();
  if (firmaIds.length) {
    await trx
      .deleteFrom('user_account')
      .where('user_id', '=', userId)
      .where('account_id', 'in', (eb) =>
        eb
          .selectFrom('account')
          .select('id')
          .where('firma_id', 'in', [...firmaIds]),
      )
      .execute();
    await trx
      .deleteFrom('user_vkforg')
      .where('user_id', '=', userId)
      .where('vkforg_id', 'in', (eb) =>
        eb
          .selectFrom('vkforg')
          .select('id')
          .where('firma_id', 'in', [...firmaIds]),
      )
      .execute();
  }
  if (grants.permissions.length)
    await trx
      .insertInto('user_permission')
      .values(grants.permissions.map((permission) => ({ user_id: userId, permission })))
      .execute();
  if (grants.roles.length)
    await trx
      .insertInto('user_role')
      .values(grants.roles.map((role) => ({ user_id: userId, role })))
      .execute();
  if (grants.accountIds.length)
    await trx
      .insertInto('user_account')
      .values(grants.accountIds.map((account_id) => ({ user_id: userId, account_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  if (grants.vkforgIds.length)
    await trx
      .insertInto('user_vkforg')
      .values(grants.vkforgIds.map((vkforg_id) => ({ user_id: userId, vkforg_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** Firmas in which no active user holds ADMINISTRATION any more (of those given). */
export async function firmasWithoutActiveAdmin(trx: Db, firmaIds: readonly number[]): Promise<number[]> {
  if (firmaIds.length === 0) return [];
  const rows = await sql<{ firma_id: number }>`
    select f.id as firma_id from unnest(${`{${firmaIds.join(',')}}`}::int[]) as f(id)
    where not exists (
      select 1 from app_user u join user_permission p on p.user_id = u.id and p.permission = 'ADMINISTRATION'
      where u.disabled_at is null and (
        exists (select 1 from user_vkforg uv join vkforg v on v.id = uv.vkforg_id where uv.user_id = u.id and v.firma_id = f.id)
        or exists (select 1 from user_account ua join account a on a.id = ua.account_id where ua.user_id = u.id and a.firma_id = f.id)))`.execute(
    trx,
  );
  return rows.rows.map((r) => r.firma_id);
}
