import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO, loginAs, useTestApp } from '../../test/test-app';

// Sessions are cached for a few seconds (session-cache.ts); a change made anywhere in the database, as
// another instance would make it, must take effect on the very next request.
const t = useTestApp();

const context = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/security/user/context', headers: { cookie } });

describe('session cache', () => {
  it('refuses a cached session revoked in the database at once', async () => {
    const cookie = await loginAs(t.app, DEMO);
    expect((await context(cookie)).statusCode).toBe(200);
    expect((await context(cookie)).statusCode).toBe(200);
    await sql`update session set revoked_at = now() where revoked_at is null`.execute(t.db);
    expect((await context(cookie)).statusCode).toBe(401);
  });

  it('follows a context change made in the database at once', async () => {
    const cookie = await loginAs(t.app, DEMO);
    expect((await context(cookie)).json()).toMatchObject({ vkforgid: 11 });
    const article = `/api/v1/articles/lookup/100001`;
    expect((await t.app.inject({ method: 'GET', url: article, headers: { cookie } })).statusCode).toBe(200);
    await sql`update app_user set vkforg_id = 21, firma_id = 2, account_id = 201 where username = 'demo'`.execute(t.db);
    try {
      expect((await context(cookie)).json()).toMatchObject({ vkforgid: 21, firmaid: 2 });
    } finally {
      await sql`update app_user set vkforg_id = 11, firma_id = 1, account_id = 101 where username = 'demo'`.execute(
        t.db,
      );
    }
    expect((await context(cookie)).json()).toMatchObject({ vkforgid: 11 });
  });

  it('drops a permission taken away in the database at once', async () => {
    const cookie = await loginAs(t.app, DEMO);
    const search = () => t.app.inject({ method: 'GET', url: '/api/v1/articles?q=milch', headers: { cookie } });
    expect((await search()).statusCode).toBe(200);
    await sql`delete from user_permission where permission = 'ARTIKELINFO'
      and user_id = (select id from app_user where username = 'demo')`.execute(t.db);
    try {
      expect((await search()).statusCode).toBe(403);
    } finally {
      await sql`insert into user_permission (user_id, permission)
        select id, 'ARTIKELINFO' from app_user where username = 'demo'`.execute(t.db);
    }
    expect((await search()).statusCode).toBe(200);
  });
});
