import { MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { as, DEMO, EXTERN, FILIALE, HUGE, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp();

const userRow = (username: string) =>
  t.db
    .selectFrom('app_user')
    .select(['account_id', 'vkforg_id', 'firma_id'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();

describe('GET endpoints of the user context', () => {
  it.each([
    '/api/v1/security/user/context',
    '/api/v2/security/user/accounts',
    '/api/v1/security/user/vkforg/entities',
    '/api/v1/security/user/firma/entities',
    '/api/v1/security/user/contact',
  ])('%s needs a session', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.notAuthenticated);
  });

  it('lists only what the user holds', async () => {
    const demo = as(t.app, await loginAs(t.app, DEMO));
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    expect((await demo({ method: 'GET', url: '/api/v2/security/user/accounts' })).json()).toEqual([
      { id: 101, number: '4711', name: 'Frischmarkt Nord Filialnetz' },
      { id: 201, number: '4712', name: 'Frischmarkt Süd Filialnetz' },
    ]);
    expect((await filiale({ method: 'GET', url: '/api/v2/security/user/accounts' })).json()).toHaveLength(1);
    const vkforgs = (await demo({ method: 'GET', url: '/api/v1/security/user/vkforg/entities' })).json();
    expect(vkforgs.map((v: { id: number; idfirma: number }) => [v.id, v.idfirma])).toEqual([
      [11, 1],
      [12, 1],
      [21, 2],
    ]);
    expect((await filiale({ method: 'GET', url: '/api/v1/security/user/firma/entities' })).json()).toEqual([
      { id: 1, kurzbezeichnung: 'Frischmarkt Nord GmbH' },
    ]);
  });

  it('reports permissions, roles, kind and how many context parts can be edited', async () => {
    const demo = (
      await as(t.app, await loginAs(t.app, DEMO))({ method: 'GET', url: '/api/v1/security/user/context' })
    ).json();
    expect(demo).toMatchObject({ userKind: 'internal', roles: ['ROLE_LOCATIONASSIGNMENT_SERVICE'], contextEditors: 3 });
    expect(demo.permissions).toContain('GUTSCHEINKARTE');
    const extern = (
      await as(t.app, await loginAs(t.app, EXTERN))({ method: 'GET', url: '/api/v1/security/user/context' })
    ).json();
    expect(extern).toMatchObject({ userKind: 'external', permissions: ['ARTIKELINFO'], roles: [], contextEditors: 0 });
  });
});

describe('PATCH /api/v1/security/user/context', () => {
  const patch = async (payload: unknown, user: { username: string; password: string } = DEMO) =>
    as(
      t.app,
      await loginAs(t.app, user),
    )({
      method: 'PATCH',
      url: '/api/v1/security/user/context',
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('switches vkforg and lets firma and account follow', async () => {
    const res = await patch({ vkforgid: 21 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ vkforgid: 21, firmaid: 2, idfirma: 2, accountid: 201 });
    expect(await userRow('demo')).toEqual({ account_id: 201, vkforg_id: 21, firma_id: 2 });
    const back = await patch({ accountid: 101 });
    expect(back.json()).toMatchObject({ accountid: 101, firmaid: 1, vkforgid: 11 });
  });

  it.each([
    ['another firma’s vkforg the user does not hold', { vkforgid: 21 }, FILIALE],
    ['an unknown vkforg', { vkforgid: 999 }, DEMO],
    ['an unknown account', { accountid: 777 }, DEMO],
    ['a firma the user has no vkforg in', { firmaid: 2 }, FILIALE],
    ['a vkforg and an account of different firmas', { vkforgid: 21, accountid: 101 }, DEMO],
  ])('refuses %s and changes nothing', async (_, payload, user) => {
    const before = await userRow(user.username);
    const res = await patch(payload, user);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.contextNotAllowed, code: 'CONTEXT_NOT_ALLOWED' });
    expect(await userRow(user.username)).toEqual(before);
  });

  it.each([
    ['malformed JSON', '{"vkforgid":'],
    ['an empty patch', {}],
    ['a string id', { vkforgid: 'elf' }],
    ['a negative id', { vkforgid: -1 }],
    ['an unknown property', { vkforgid: 11, userId: 2 }],
    ['a huge string', { vkforgid: HUGE }],
  ])('refuses %s with 400', async (_, payload) => {
    const before = await userRow('demo');
    const res = await patch(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Anfrage/);
    expect(await userRow('demo')).toEqual(before);
  });
});

describe('user contact', () => {
  it('serves the dynamic form definition userContact with the stored values', async () => {
    const res = await as(t.app, await loginAs(t.app, DEMO))({ method: 'GET', url: '/api/v1/security/user/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.json().definition.name).toBe('userContact');
    expect(res.json().definition.fields.map((f: { name: string }) => f.name)).toContain('telefon');
    expect(res.json().values.email).toBe('demo@frischmarkt.example');
  });

  it('patches known fields and keeps the others', async () => {
    const call = as(t.app, await loginAs(t.app, FILIALE));
    const res = await call({
      method: 'PATCH',
      url: '/api/v1/security/user/contact',
      payload: { telefon: '040 123456' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().values).toMatchObject({ telefon: '040 123456', email: 'filiale@frischmarkt.example' });
    const again = await call({ method: 'GET', url: '/api/v1/security/user/contact' });
    expect(again.json().values.telefon).toBe('040 123456');
  });

  it.each([
    ['an unknown field', { gehalt: '1' }, 'gehalt', MSG.unknownField],
    ['a bad e-mail', { email: 'keine-mail' }, 'email', MSG.invalidEmail],
    ['an empty required field', { email: '' }, 'email', MSG.required],
    ['a too long value', { telefon: '1'.repeat(41) }, 'telefon', MSG.tooLong],
  ])('refuses %s with a field message and stores nothing', async (_, payload, field, message) => {
    const call = as(t.app, await loginAs(t.app, EXTERN));
    const res = await call({ method: 'PATCH', url: '/api/v1/security/user/contact', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    const stored = await t.db.selectFrom('user_contact').selectAll().execute();
    expect(stored.some((r) => JSON.stringify(r.contact_values).includes('keine-mail'))).toBe(false);
  });

  it('refuses 10 kB values and non-string values', async () => {
    const call = as(t.app, await loginAs(t.app, EXTERN));
    expect(
      (await call({ method: 'PATCH', url: '/api/v1/security/user/contact', payload: { abteilung: HUGE } })).statusCode,
    ).toBe(400);
    expect(
      (await call({ method: 'PATCH', url: '/api/v1/security/user/contact', payload: { abteilung: 5 } })).statusCode,
    ).toBe(400);
  });
});
