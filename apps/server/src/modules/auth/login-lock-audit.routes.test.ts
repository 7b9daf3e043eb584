import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';

// A login lock lands in the audit log once when the throttle starts refusing, not once per refused attempt.

// The helper logs in no one here (no login() call), so the failed logins this file counts are its own.
const t = useTestApp();

const login = (username: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password }, remoteAddress: ip });

const locks = () => t.db.selectFrom('audit_log').selectAll().where('action', '=', 'login.lock').orderBy('id').execute();

describe('login lock in the audit log', () => {
  it('one entry when the lock of an account from an address starts, with the user as actor', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await login('extern', `Falsch${i}!`, '10.71.0.1')).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual([429, 429, 429, 429]);
    const entries = await locks();
    expect(entries).toHaveLength(1);
    const user = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'extern')
      .executeTakeFirstOrThrow();
    expect(entries[0]).toMatchObject({
      actor: 'extern',
      actor_user_id: user.id,
      address: '10.71.0.1',
      object_type: 'user',
      object_id: String(user.id),
    });
    expect(JSON.stringify(entries[0]?.after)).not.toMatch(/Falsch/);
  });

  it('an unknown account is logged as such, without a user', async () => {
    for (let i = 0; i < 7; i++) await login('niemand-da', `Falsch${i}!`, '10.71.0.2');
    const entries = (await locks()).filter((e) => e.object_type === 'login');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ object_id: 'niemand-da', actor_user_id: null });
  });
});
