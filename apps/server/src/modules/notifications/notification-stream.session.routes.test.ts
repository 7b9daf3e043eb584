import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openStream } from '../../test/notification-stream';
import { as, createSecondInstance, DEMO, loginAs, useTestApp } from '../../test/test-app';
import { addTestUser } from '../../test/test-users';
import { notify } from './notifications.events';

// A session's end ends its notification stream: after logout, a disabled user, a password reset and the idle
// limit, an open stream must stop delivering (it used to go on: notifications reached sessions that already
// answered 401). The end reaches the streams of every instance through NOTIFY mde_auth, and each heartbeat
// asks again, which is how the idle limit (no event in the database) ends one.

const t = useTestApp({ env: { PUSH_WORKER: 'false', SESSION_IDLE_MINUTES: '30' } });
const demo = t.login(DEMO);

let n = 0;
const PASSWORD = 'Passwort1!';
/** A user of their own per test, signed in, with the stream open. */
async function streamingUser(app = t.app) {
  const username = `strom${Date.now().toString(36)}${n++}`;
  const id = await addTestUser(t.db, { username, password: PASSWORD, permissions: ['ARTIKELINFO'] });
  const cookie = await loginAs(app, { username, password: PASSWORD });
  const stream = await openStream(app, cookie);
  expect(stream.response.status).toBe(200);
  expect(await stream.next('unread', 5000)).toBeDefined();
  return { id, username, cookie, stream };
}

const tell = (userId: number, title: string) =>
  t.db.transaction().execute((trx) => notify(trx, userId, { title, text: 'x', route: '/' }));

/** The stream ends, and a notification made after the end does not arrive on it. */
async function expectEnded(user: Awaited<ReturnType<typeof streamingUser>>) {
  try {
    await expect.poll(() => user.stream.ended, { timeout: 10_000, interval: 20 }).toBe(true);
    await tell(user.id, 'Nach dem Ende');
    expect(await user.stream.next('notification', 300)).toBeUndefined();
  } finally {
    await user.stream.close();
  }
}

describe('a session that ends ends its notification stream', () => {
  it('delivers while the session is open', async () => {
    const user = await streamingUser();
    try {
      await tell(user.id, 'Offen');
      expect((await user.stream.next('notification', 5000))?.data.notification?.title).toBe('Offen');
      expect(user.stream.ended).toBe(false);
    } finally {
      await user.stream.close();
    }
  });

  it('on logout', async () => {
    const user = await streamingUser();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    await expectEnded(user);
  });

  it('when an admin disables the user', async () => {
    const user = await streamingUser();
    const res = await demo({ method: 'POST', url: `/api/v1/admin/users/${user.id}/disable`, payload: { version: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(user);
  });

  it('when the password is reset with a mailed code', async () => {
    const user = await streamingUser();
    const who = { username: user.username, email: `${user.username}@example.invalid` };
    const asked = await t.app.inject({ method: 'POST', url: '/api/v1/security/password/token', payload: who });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('body')
      .where('recipient', '=', who.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /Bestätigungscode lautet: ([\w-]+)/.exec(mail.body)?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/password/reset',
      payload: { ...who, token, password: 'Neu-Passwort9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectEnded(user);
  });

  it('at the idle limit, by the clock the server is given, at the next heartbeat', async () => {
    let offset = 0;
    // A second app on the same database with a clock this test sets and a short heartbeat.
    const app = await buildApp({
      env: t.app.env,
      database: t.app.database,
      logger: false,
      clock: () => Date.now() + offset,
      streamHeartbeatMs: 50,
    });
    await app.ready();
    try {
      const user = await streamingUser(app);
      // Heartbeats alone keep nothing alive, and a session within its idle time keeps its stream.
      offset = 29 * 60_000;
      await new Promise((r) => setTimeout(r, 300));
      expect(user.stream.ended).toBe(false);
      expect(user.stream.beats).toBeGreaterThan(0);
      offset = 31 * 60_000;
      await expectEnded(user);
      // The same clock decides the session's own requests.
      const res = await as(app, user.cookie)({ method: 'GET', url: '/api/v1/notifications/unread-count' });
      expect(res.json().code).toBe('SESSION_EXPIRED');
    } finally {
      await app.close();
    }
  });

  it('on every instance: a logout through another instance ends the stream here (PostgreSQL)', async () => {
    const second = await createSecondInstance(t);
    if (!second) return;
    try {
      const user = await streamingUser();
      const res = await second.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(200);
      await expectEnded(user);
    } finally {
      await second.close();
    }
  });
});
