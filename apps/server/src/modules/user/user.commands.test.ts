import { ADMIN_USERS_MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../test/run-admin-command';
import { as, loginAs, useTestApp } from '../../test/test-app';

// A production start: SEED_DEMO=false leaves the database empty; the operator makes the first admin.
const t = useTestApp({ env: { SEED_DEMO: 'false' } });

const run = (...line: string[]) => runAdminCommand(t.app, line);

const count = async (table: 'app_user' | 'firma' | 'article') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });

describe('production start and user commands', () => {
  it('starts with no demo users, firmas or articles', async () => {
    expect(await count('app_user')).toBe(0);
    expect(await count('firma')).toBe(0);
    expect(await count('article')).toBe(0);
  });

  it('create-admin makes the firma (with --firma-name) and an admin with a one-time password', async () => {
    const missing = await run('user', 'create-admin', 'chefin', '--firma', '7');
    expect(missing.code).toBe(2);
    expect(missing.err.join('\n')).toContain('--firma-name');
    expect(await count('app_user')).toBe(0);

    const made = await run('user', 'create-admin', 'chefin', '--firma', '7', '--firma-name', 'Frischmarkt Ost');
    expect(made.code, made.err.join('\n')).toBe(0);
    expect(made.out.join('\n')).toContain('Firma 7 „Frischmarkt Ost“ angelegt.');
    const password = made.out.at(-1) ?? '';
    const res = await login('chefin', password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ permissions: ['ADMINISTRATION'], firmaid: 7, mustChangePassword: true });
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.create')
      .executeTakeFirstOrThrow();
    expect(entry.actor).toMatch(/^admin-cli:/);

    // The admin manages firma 7: once they have their own password, they see themselves in the users section.
    const admin = as(t.app, await loginAs(t.app, { username: 'chefin', password }));
    expect((await admin({ method: 'GET', url: '/api/v1/admin/users' })).json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const change = await admin({
      method: 'POST',
      url: '/api/v1/security/user/password',
      payload: { currentPassword: password, password: 'Chefin-1234!' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const list = (await admin({ method: 'GET', url: '/api/v1/admin/users' })).json();
    expect(list.items.map((u: { username: string }) => u.username)).toEqual(['chefin']);
  });

  it('create, list, disable, enable and reset work on a user by name', async () => {
    const vkforg = (await t.db.selectFrom('vkforg').select('id').where('firma_id', '=', 7).executeTakeFirstOrThrow())
      .id;
    const bad = await run(
      'user',
      'create',
      'zaehler',
      '--firma',
      '7',
      '--vkforgs',
      String(vkforg),
      '--permissions',
      'ZAUBERN',
    );
    expect(bad.code).toBe(2);
    const made = await run(
      'user',
      'create',
      'zaehler',
      '--firma',
      '7',
      '--vkforgs',
      String(vkforg),
      '--permissions',
      'inventur',
      '--name',
      'Zoe Zähler',
    );
    expect(made.code, made.err.join('\n')).toBe(0);
    const first = made.out.at(-1) ?? '';
    expect((await run('user', 'list')).out.join('\n')).toMatch(
      /zaehler\tZoe Zähler\tFirma 7\tINVENTUR\taktiv, Passwortwechsel offen/,
    );

    expect((await run('user', 'disable', 'zaehler')).code).toBe(0);
    const refused = await login('zaehler', first);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ADMIN_USERS_MSG.userDisabled);
    expect((await run('user', 'list')).out.join('\n')).toMatch(/zaehler.*deaktiviert/);
    expect((await run('user', 'enable', 'zaehler')).code).toBe(0);

    const reset = await run('user', 'reset', 'zaehler');
    expect(reset.code).toBe(0);
    expect((await login('zaehler', first)).statusCode).toBe(401);
    expect((await login('zaehler', reset.out.at(-1) ?? '')).json().mustChangePassword).toBe(true);

    const unknown = await run('user', 'disable', 'niemand');
    expect(unknown.code).toBe(2);
    expect(unknown.err[0]).toContain('niemand');
  });

  it('create takes the stores by the numbers the ERP gives them, and names a number the firma does not have', async () => {
    const unknown = await run('user', 'create', 'filialkraft', '--firma', '7', '--stores', '0001,4711');
    expect(unknown).toMatchObject({ code: 1, err: ['Diese Filialen gibt es in Firma 7 nicht: 4711'] });
    expect(await count('app_user')).toBe(2);
    // create-admin made store 0001 ("Zentrale") for firma 7.
    const made = await run(
      'user',
      'create',
      'filialkraft',
      '--firma',
      '7',
      '--stores',
      '0001',
      '--permissions',
      'INVENTUR',
    );
    expect(made.code, made.err.join('\n')).toBe(0);
    const stores = await t.db
      .selectFrom('user_vkforg')
      .innerJoin('app_user', 'app_user.id', 'user_vkforg.user_id')
      .innerJoin('vkforg', 'vkforg.id', 'user_vkforg.vkforg_id')
      .select('vkforg.vkforg')
      .where('app_user.username', '=', 'filialkraft')
      .execute();
    expect(stores).toEqual([{ vkforg: '0001' }]);
  });

  it('keeps the last admin of a firma', async () => {
    const res = await run('user', 'disable', 'chefin');
    expect(res.code).toBe(1);
    expect(res.err[0]).toBe(ADMIN_USERS_MSG.lastAdmin);
  });
});
