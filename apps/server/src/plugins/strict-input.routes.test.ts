import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../test/test-app';

// Strict JSON types: a JSON body's number is a JSON number (never true, "5" or null read as one), and a
// query string's or path's number is plain decimal digits (never 'true', '', '1e3' or '0x10').

const t = useTestApp();
const demo = t.login(DEMO);

const json = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown) =>
  demo({ method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

describe('wrong JSON types in a body are refused, never coerced', () => {
  it.each([
    ['a boolean article', { idartstamm: true }],
    ['a text article', { idartstamm: '1' }],
    ['a null article', { idartstamm: null }],
  ])('search history with %s is 400 and stores nothing', async (_name, body) => {
    const before = await t.db
      .selectFrom('search_history')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const res = await json('POST', '/api/v1/articles/search-history', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    const after = await t.db
      .selectFrom('search_history')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it.each([[true], ['5'], [1.5], [0]])('read-all with upToId %j is 400', async (upToId) => {
    const res = await json('POST', '/api/v1/notifications/read-all', { upToId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { upToId: expect.any(String) } });
  });

  it('a context change with a boolean id is 400', async () => {
    const res = await json('PATCH', '/api/v1/security/user/context', { vkforgid: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { vkforgid: expect.any(String) } });
  });

  it('a whole JSON number is still an id', async () => {
    const res = await json('POST', '/api/v1/notifications/read-all', { upToId: 1 });
    expect(res.statusCode).toBe(200);
  });
});

describe('numbers in a query string or a path are plain decimal digits', () => {
  it.each(['true', '', '1e3', '0x10', ' 5', '5 ', '+5', '05', '-1', '2147483648'])(
    'notifications before=%j is 400',
    async (value) => {
      const res = await demo({ method: 'GET', url: `/api/v1/notifications?before=${encodeURIComponent(value)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    },
  );

  it.each(['true', '1e1', '0x10', ''])('notifications limit=%j is 400', async (value) => {
    const res = await demo({ method: 'GET', url: `/api/v1/notifications?limit=${encodeURIComponent(value)}` });
    expect(res.statusCode).toBe(400);
  });

  it('digits are read as the number', async () => {
    expect((await demo({ method: 'GET', url: '/api/v1/notifications?before=5&limit=10' })).statusCode).toBe(200);
  });

  it.each(['1e1', '0x1', 'true'])('a path id %j is 400', async (value) => {
    const res = await demo({ method: 'GET', url: `/api/v1/delivery-notes/${value}` });
    expect(res.statusCode).toBe(400);
  });
});
