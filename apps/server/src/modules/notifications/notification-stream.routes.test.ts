import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { openStream } from '../../test/notification-stream';
import { createSecondInstance, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';
import { notify } from './notifications.events';

let demoId: number;
let filialeId: number;
const t = useTestApp({
  env: { PUSH_WORKER: 'false' },
  prepare: async (t) => {
    const users = await t.db.selectFrom('app_user').select(['id', 'username']).execute();
    demoId = users.find((u) => u.username === 'demo')?.id ?? 0;
    filialeId = users.find((u) => u.username === 'filiale')?.id ?? 0;
  },
});
beforeEach(async () => {
  await sql`delete from notification`.execute(t.db);
  await sql`delete from rate_limit`.execute(t.db);
});

describe('notification stream', () => {
  it('refuses a request without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/notifications/stream' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('answers a request that does not take an event stream with a German 406', async () => {
    const cookie = await loginAs(t.app, DEMO);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/notifications/stream', headers: { cookie } });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toMatchObject({ code: 'NOT_ACCEPTABLE', message: expect.stringContaining('Ereignisstrom') });
  });

  it('tells the open app its count at once and a new notification within 5 s, only to its owner', async () => {
    const demo = await openStream(t.app, await loginAs(t.app, DEMO));
    const filiale = await openStream(t.app, await loginAs(t.app, FILIALE));
    try {
      expect(demo.response.headers.get('content-type')).toContain('text/event-stream');
      expect(demo.response.headers.get('x-accel-buffering')).toBe('no');
      expect((await demo.next('unread', 5000))?.data).toEqual({ unread: 0 });
      expect(await filiale.next('unread', 5000)).toBeDefined();
      const started = Date.now();
      const id = await t.db
        .transaction()
        .execute((trx) => notify(trx, demoId, { title: 'Test', text: 'a', route: '/' }));
      const event = await demo.next('notification', 5000);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(event?.data).toMatchObject({ unread: 1, notification: { id, title: 'Test', readtime: null } });
      // Once, although every pooled connection hears the NOTIFY.
      expect(await demo.next('notification', 300)).toBeUndefined();
      expect(await filiale.next('notification', 300)).toBeUndefined();
    } finally {
      await demo.close();
      await filiale.close();
    }
  });

  it('tells nothing of a notification the user already saw (stored as read)', async () => {
    const demo = await openStream(t.app, await loginAs(t.app, DEMO));
    try {
      await demo.next('unread', 5000);
      await notify(t.db, demoId, { title: 'Gesehen', text: 'a', route: '/', seen: true });
      expect(await demo.next('notification', 1000)).toBeUndefined();
      const row = await t.db
        .selectFrom('notification')
        .select('readtime')
        .where('user_id', '=', demoId)
        .executeTakeFirst();
      expect(row?.readtime).not.toBeNull();
    } finally {
      await demo.close();
    }
  });

  it('delivers a notification made on another instance within 5 s (PostgreSQL)', async () => {
    const second = await createSecondInstance(t);
    if (!second) return;
    const filiale = await openStream(second, await loginAs(second, FILIALE));
    try {
      await filiale.next('unread', 5000);
      const started = Date.now();
      await t.db.transaction().execute((trx) => notify(trx, filialeId, { title: 'Anderswo', text: 'b', route: '/' }));
      const event = await filiale.next('notification', 5000);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(event?.data.notification?.title).toBe('Anderswo');
    } finally {
      await filiale.close();
      await second.close();
    }
  });
});
