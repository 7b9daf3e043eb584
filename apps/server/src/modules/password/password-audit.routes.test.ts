import { describe, expect, it } from 'vitest';
import { as, loginAs, useTestApp } from '../../test/test-app';
import { addTestUser } from '../../test/test-users';

// A password reset requested, a reset completed and a password change are security events in the audit log:
// the user as actor, the request's address, and never the token or a password.

let userId = 0;
const USER = { username: 'pw-audit', password: 'Alt-Passwort1!' };
const t = useTestApp({
  prepare: async (t) => {
    userId = await addTestUser(t.db, { ...USER, permissions: [] });
  },
});

const entries = (action: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('object_id', '=', String(userId))
    .execute();
const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

describe('password events in the audit log', () => {
  it('reset requested and reset completed, from the request address, without a secret', async () => {
    const email = `${USER.username}@example.invalid`;
    expect(
      (await post('/api/v1/security/password/token', { username: USER.username, email }, '10.81.0.1')).statusCode,
    ).toBe(200);
    const mail = await t.db.selectFrom('mail_outbox').select('body').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const token = /Bestätigungscode lautet: ([\w-]+)/.exec(mail.body)?.[1] ?? '';
    const requested = await entries('password.reset-request');
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatchObject({
      actor: USER.username,
      actor_user_id: userId,
      address: '10.81.0.1',
      object_type: 'user',
    });

    const body = { username: USER.username, email, token, password: 'Neu-Passwort1!' };
    expect((await post('/api/v1/security/password/reset', body, '10.81.0.2')).statusCode).toBe(200);
    const done = await entries('password.reset');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ actor_user_id: userId, address: '10.81.0.2' });
    const all = JSON.stringify([...requested, ...done]);
    expect(all).not.toContain(token);
    expect(all).not.toContain('Neu-Passwort1!');
    USER.password = 'Neu-Passwort1!';
  });

  it('a failed reset writes nothing', async () => {
    const body = {
      username: USER.username,
      email: `${USER.username}@example.invalid`,
      token: 'falsch',
      password: 'X-Passwort1!',
    };
    expect((await post('/api/v1/security/password/reset', body, '10.81.0.3')).statusCode).toBe(400);
    expect(await entries('password.reset')).toHaveLength(1);
  });

  it('a password change', async () => {
    const session = as(t.app, await loginAs(t.app, USER));
    const res = await session({
      method: 'POST',
      url: '/api/v1/security/user/password',
      payload: { currentPassword: USER.password, password: 'Noch-Neuer2!' },
    });
    expect(res.statusCode).toBe(200);
    const changed = await entries('password.change');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ actor_user_id: userId, before: null, after: null });
    expect(JSON.stringify(changed[0])).not.toContain('Noch-Neuer2!');
  });
});
