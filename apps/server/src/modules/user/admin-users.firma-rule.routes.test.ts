import { ADMIN_USERS_MSG } from '@mde/contracts';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createFirma2Admin } from '../../test/admin-test-users';
import { as, DEMO, loginAs, useTestApp } from '../../test/test-app';

// A change to a user's password, e-mail, name, permissions or state is for an admin who holds every firma
// that user holds: the admin of firma 2 must not take over a user who also works in firma 1 (set their
// password or e-mail, sign in as them and administer firma 1). Every write route on one user, found in the
// OpenAPI document, is walked with such a user, so a route added later without the rule fails here.

const URL = '/api/v1/admin/users';
const ONE_USER = `${URL}/{id}`;
let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

let writeRoutes: { method: string; path: string }[] = [];
const t = useTestApp({
  prepare: async (t) => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    writeRoutes = Object.entries(doc.paths)
      .filter(([path]) => path === ONE_USER || path.startsWith(`${ONE_USER}/`))
      .flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((method) => !['get', 'head', 'options'].includes(method))
          .map((method) => ({ method: method.toUpperCase(), path })),
      );
  },
});
const demo = t.login(DEMO);

/** The fields of a user as the admin form sends them. */
const input = (username: string, overrides: Record<string, unknown> = {}) => ({
  username,
  fullName: 'Zwei Firmen',
  email: `${username}@example.test`,
  kind: 'internal',
  permissions: ['ADMINISTRATION', 'INVENTUR'],
  roles: [],
  accountIds: [101, 201],
  vkforgIds: [11, 21],
  accountId: 101,
  vkforgId: 11,
  firmaId: 1,
  ...overrides,
});

/** A user with grants in firma 1 and firma 2, made by demo (who holds both), signed in with their own password. */
async function twoFirmaUser() {
  const username = unique('zwei');
  const created = await demo({ method: 'POST', url: URL, payload: input(username) });
  expect(created.statusCode, created.body).toBe(201);
  const { user, password } = created.json() as { user: { id: number; version: number }; password: string };
  const cookie = await loginAs(t.app, { username, password });
  const own = 'Eigenes1!Pw';
  const change = await as(
    t.app,
    cookie,
  )({
    method: 'POST',
    url: '/api/v1/security/user/password',
    payload: { currentPassword: password, password: own },
  });
  expect(change.statusCode, change.body).toBe(200);
  return { id: user.id, username, cookie: await loginAs(t.app, { username, password: own }) };
}

/** What an admin write could change of a user, read straight from the database. */
async function stateOf(id: number, username: string) {
  const user = await t.db
    .selectFrom('app_user')
    .select(['password_hash', 'email', 'full_name', 'username', 'disabled_at', 'must_change_password', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const permissions = await t.db.selectFrom('user_permission').select('permission').where('user_id', '=', id).execute();
  const grants = await sql<{ n: number }>`
    select (select count(*) from user_vkforg where user_id = ${id})::int
         + (select count(*) from user_account where user_id = ${id})::int as n`.execute(t.db);
  const sessions = await t.db
    .selectFrom('session')
    .select('id')
    .where('user_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  const failures = await t.db
    .selectFrom('login_failure')
    .select('id')
    .where('throttle_key', 'like', `user:${username.toLowerCase()}%`)
    .execute();
  const mails = await t.db.selectFrom('mail_outbox').select('id').where('recipient', '=', user.email).execute();
  const audit = await t.db
    .selectFrom('audit_log')
    .select('action')
    .where('object_type', '=', 'user')
    .where('object_id', '=', String(id))
    .execute();
  return {
    user,
    permissions: permissions.map((p) => p.permission).sort(),
    grants: grants.rows[0]?.n,
    sessions: sessions.length,
    failures: failures.length,
    mails: mails.length,
    audit: audit.map((a) => a.action).sort(),
  };
}

/** A valid request of each known route, so only the firma rule can refuse it; a new route needs its line here. */
function requestFor(route: { method: string; path: string }, user: { id: number; username: string }, version: number) {
  const url = route.path.replace('{id}', String(user.id));
  const bodies: Record<string, unknown> = {
    // Only firma 2's grants and context, as the firma-2 admin may give them; the other firma's grants would stay.
    [`PUT ${ONE_USER}`]: {
      ...input(user.username, {
        email: 'uebernommen@example.test',
        accountIds: [201],
        vkforgIds: [21],
        accountId: 201,
        vkforgId: 21,
        firmaId: 2,
      }),
      version,
    },
    [`POST ${ONE_USER}/disable`]: { version },
    [`POST ${ONE_USER}/enable`]: { version },
  };
  const known = [
    `PUT ${ONE_USER}`,
    `POST ${ONE_USER}/disable`,
    `POST ${ONE_USER}/enable`,
    `POST ${ONE_USER}/one-time-password`,
    `POST ${ONE_USER}/password-reset-mail`,
    `POST ${ONE_USER}/unlock`,
  ];
  const key = `${route.method} ${route.path}`;
  const body = key in bodies ? bodies[key] : known.includes(key) ? undefined : {};
  return {
    method: route.method as InjectOptions['method'],
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  };
}

describe('admin users: the firma rule', () => {
  it('finds every write route on one user in the OpenAPI document', () => {
    expect(writeRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        `PUT ${ONE_USER}`,
        `POST ${ONE_USER}/disable`,
        `POST ${ONE_USER}/enable`,
        `POST ${ONE_USER}/one-time-password`,
        `POST ${ONE_USER}/password-reset-mail`,
        `POST ${ONE_USER}/unlock`,
      ]),
    );
  });

  it('refuses every write on a user who also holds another firma with 403 FIRMA_NOT_HELD and changes nothing', async () => {
    const user = await twoFirmaUser();
    const admin2 = await createFirma2Admin(t.db, unique('admin2_'));
    const other = as(t.app, await loginAs(t.app, admin2));
    await t.db
      .insertInto('login_failure')
      .values([{ throttle_key: `user:${user.username.toLowerCase()}` }])
      .execute();
    // The firma-2 admin sees the user (they share firma 2) ...
    const seen = await other({ method: 'GET', url: `${URL}/${user.id}` });
    expect(seen.statusCode).toBe(200);
    const before = await stateOf(user.id, user.username);

    const answers: string[] = [];
    for (const route of writeRoutes) {
      const res = await other(requestFor(route, user, before.user.version));
      answers.push(`${route.method} ${route.path}: ${res.statusCode} ${res.json().code} ${res.json().message}`);
    }
    // ... but changes nothing of them.
    expect(answers).toEqual(
      writeRoutes.map(
        (route) => `${route.method} ${route.path}: 403 FIRMA_NOT_HELD ${ADMIN_USERS_MSG.otherFirmasUser}`,
      ),
    );
    expect(await stateOf(user.id, user.username)).toEqual(before);
    const context = await t.app.inject({
      method: 'GET',
      url: '/api/v1/security/user/context',
      headers: { cookie: user.cookie },
    });
    expect(context.statusCode).toBe(200);
  });

  it('lets an admin who holds every firma of the user make the same changes', async () => {
    const user = await twoFirmaUser();
    const otp = await demo({ method: 'POST', url: `${URL}/${user.id}/one-time-password` });
    expect(otp.statusCode, otp.body).toBe(200);
    const current = (await demo({ method: 'GET', url: `${URL}/${user.id}` })).json() as { version: number };
    const edit = await demo({
      method: 'PUT',
      url: `${URL}/${user.id}`,
      payload: { ...input(user.username, { email: 'neu@example.test' }), version: current.version },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().email).toBe('neu@example.test');
  });

  it("still lets the firma-2 admin change a user who holds only firma 2's grants", async () => {
    const admin2 = await createFirma2Admin(t.db, unique('admin2_'));
    const other = as(t.app, await loginAs(t.app, admin2));
    const username = unique('sued');
    const only2 = { accountIds: [201], vkforgIds: [21], accountId: 201, vkforgId: 21, firmaId: 2 };
    const created = await other({
      method: 'POST',
      url: URL,
      payload: input(username, { ...only2, permissions: ['INVENTUR'] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().user as { id: number };
    expect((await other({ method: 'POST', url: `${URL}/${id}/one-time-password` })).statusCode).toBe(200);
    const version = (await other({ method: 'GET', url: `${URL}/${id}` })).json().version as number;
    const edit = await other({
      method: 'PUT',
      url: `${URL}/${id}`,
      payload: { ...input(username, { ...only2, permissions: ['INVENTUR'], fullName: 'Nur Süd' }), version },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(
      (await other({ method: 'POST', url: `${URL}/${id}/disable`, payload: { version: version + 1 } })).statusCode,
    ).toBe(200);
  });
});
