import { BACKGROUND_REQUEST_HEADER, MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp({ env: { SESSION_IDLE_MINUTES: '30' } });

const context = (cookie: string, background = false) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/security/user/context',
    headers: { cookie, ...(background ? { [BACKGROUND_REQUEST_HEADER]: '1' } : {}) },
  });
const activity = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/activity', headers: { cookie } });

/** Minutes since the session of the newest login was last counted as used. */
async function idleMinutes() {
  const { rows } = await sql<{ minutes: number }>`
    select extract(epoch from now() - last_seen_at)::float / 60 as minutes from session order by id desc limit 1`.execute(
    t.db,
  );
  return Number(rows[0]?.minutes);
}

const makeIdle = (minutes: number) =>
  sql`update session set last_seen_at = now() - make_interval(mins => ${minutes})
      where id = (select max(id) from session)`.execute(t.db);

describe('the idle limit counts only what a person does', () => {
  it('a background request is answered but leaves the idle deadline where it was', async () => {
    const cookie = await loginAs(t.app, DEMO);
    await makeIdle(20);
    for (let i = 0; i < 3; i++) expect((await context(cookie, true)).statusCode).toBe(200);
    expect(await idleMinutes()).toBeGreaterThan(19.9);
  });

  it("a person's request moves the deadline", async () => {
    const cookie = await loginAs(t.app, DEMO);
    await makeIdle(20);
    // The session cache may still hold the copy from the login for a moment; the database decides.
    await expect
      .poll(async () => {
        await context(cookie);
        return idleMinutes();
      })
      .toBeLessThan(1);
  });

  it('background polls alone let the session run out, and then say so with the spec message', async () => {
    const cookie = await loginAs(t.app, DEMO);
    await makeIdle(29);
    expect((await context(cookie, true)).statusCode).toBe(200);
    await makeIdle(31);
    const expired = await context(cookie, true);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: MSG.sessionExpired, code: 'SESSION_EXPIRED' });
  });

  it("the app's activity touch keeps the session and names the idle limit (none when staying signed in)", async () => {
    const cookie = await loginAs(t.app, DEMO);
    await makeIdle(20);
    await expect
      .poll(async () => {
        const res = await activity(cookie);
        expect(res.json()).toEqual({ idleSeconds: 30 * 60 });
        return idleMinutes();
      })
      .toBeLessThan(1);
    const remembered = await loginAs(t.app, DEMO, true);
    expect((await activity(remembered)).json()).toEqual({ idleSeconds: null });
  });

  it('the activity touch of an ended session is the 401 the app turns into the login', async () => {
    const cookie = await loginAs(t.app, DEMO);
    await makeIdle(31);
    expect((await activity(cookie)).json().code).toBe('SESSION_EXPIRED');
    expect((await activity('mde_session=abc')).json().code).toBe('NOT_AUTHENTICATED');
  });
});
