import { describe, expect, it } from 'vitest';
import { as, DEMO, EXTERN, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp();

describe('GET /api/v1/warehouses', () => {
  it("lists the warehouses of the session's vkforg", async () => {
    const res = await as(t.app, await loginAs(t.app, DEMO))({ method: 'GET', url: '/api/v1/warehouses' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 1101, number: 'L01', name: 'Verkaufsraum' },
      { id: 1102, number: 'L02', name: 'Lager' },
      { id: 1103, number: 'L03', name: 'Kühlhaus' },
    ]);
  });

  it('follows a context change to the other firma', async () => {
    const call = as(t.app, await loginAs(t.app, DEMO));
    expect(
      (await call({ method: 'PATCH', url: '/api/v1/security/user/context', payload: { vkforgid: 21 } })).statusCode,
    ).toBe(200);
    const res = await call({ method: 'GET', url: '/api/v1/warehouses' });
    expect(res.json().map((w: { id: number }) => w.id)).toEqual([2101, 2102]);
  });

  it('gives each user only its own vkforg', async () => {
    const res = await as(t.app, await loginAs(t.app, EXTERN))({ method: 'GET', url: '/api/v1/warehouses' });
    expect(res.json().map((w: { id: number }) => w.id)).toEqual([1201, 1202]);
  });

  it('answers 401 with a German message without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/warehouses' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sie sind nicht angemeldet');
  });

  it('answers 401 for a forged session cookie', async () => {
    const res = await as(t.app, 'mde_session=forged')({ method: 'GET', url: '/api/v1/warehouses' });
    expect(res.statusCode).toBe(401);
  });
});
