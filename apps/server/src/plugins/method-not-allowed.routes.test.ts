import { MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../test/test-app';

// A known path asked with a method it does not take is 405 with the methods it takes (Allow), not a 404;
// every answer with a body says its content type.

const t = useTestApp({ env: { PUSH_WORKER: 'false' } });
const demo = t.login(DEMO);

describe('unknown methods on a known path', () => {
  it.each([
    // read-all is also a notification id to DELETE (then refused as no id).
    ['PATCH', '/api/v1/notifications/read-all', 'DELETE, POST'],
    ['DELETE', '/api/v1/delivery-notes/5/booking', 'POST'],
    ['PUT', '/api/v1/notifications/7', 'DELETE'],
    ['POST', '/api/v1/articles/search-history', 'DELETE, GET, POST'],
  ])('%s %s is 405 with Allow', async (method, url, allow) => {
    const res = await demo({ method: method as 'PATCH', url });
    if (allow.includes(method)) return;
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: MSG.methodNotAllowed, code: 'METHOD_NOT_ALLOWED' });
  });

  it('also without a session (no route ran, nothing is told but the methods)', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/delivery-notes/' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, POST');
  });

  it('an unknown path stays 404', async () => {
    const res = await demo({ method: 'PATCH', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('content type of every answer with a body', () => {
  it('a notification deleted that is not there: 404 with JSON', async () => {
    const res = await demo({ method: 'DELETE', url: '/api/v1/notifications/2147483000' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('a notification deleted: 204 without a body', async () => {
    const user = await t.db
      .selectFrom('app_user')
      .where('username', '=', 'demo')
      .select('id')
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('notification')
      .values({ user_id: user.id, title: 'T', text: 'x', route: '/x' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await demo({ method: 'DELETE', url: `/api/v1/notifications/${row.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });
});
