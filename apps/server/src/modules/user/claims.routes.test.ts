import { CLAIMS_HEADER, CLAIMS_PATHS, CLAIMS_STATE_HEADER, MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { as, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp();

// docs/spec.md §7: claims-related URLs carry the device's stored claims; the server reads them, checks them
// against the session and never answers from them.
describe('claims attached to claims-related URLs', () => {
  it('says whether the device claims match the session, answers from the session, and refuses malformed ones', async () => {
    const demo = as(t.app, await loginAs(t.app, DEMO));
    const context = (await demo({ method: 'GET', url: '/api/v1/security/user/context' })).json();
    const claims = {
      username: context.username,
      userId: context.userId,
      accountid: context.accountid,
      vkforgid: context.vkforgid,
      firmaid: context.firmaid,
      idfirma: context.idfirma,
    };
    for (const path of CLAIMS_PATHS) {
      const res = await demo({
        method: 'GET',
        url: `/api${path}`,
        headers: { [CLAIMS_HEADER]: JSON.stringify(claims) },
      });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers[CLAIMS_STATE_HEADER], path).toBe('current');
    }

    // Another user's claims (a shared handheld) or an old context: stale, and the answer is the session's own.
    const filiale = (
      await as(t.app, await loginAs(t.app, FILIALE))({ method: 'GET', url: '/api/v1/security/user/context' })
    ).json();
    for (const other of [
      { ...claims, username: filiale.username, userId: filiale.userId },
      { ...claims, vkforgid: claims.vkforgid + 999 },
    ]) {
      const res = await demo({
        method: 'GET',
        url: '/api/v1/security/user/context',
        headers: { [CLAIMS_HEADER]: JSON.stringify(other) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers[CLAIMS_STATE_HEADER]).toBe('stale');
      expect(res.json()).toEqual(context);
    }

    for (const bad of [
      '{kaputt',
      JSON.stringify({ ...claims, userId: 'eins' }),
      JSON.stringify({ ...claims, userId: -1 }),
      JSON.stringify([claims]),
    ]) {
      const res = await demo({
        method: 'GET',
        url: '/api/v1/security/user/context',
        headers: { [CLAIMS_HEADER]: bad },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.badClaims, code: 'BAD_CLAIMS' });
    }

    // Not claims-related: no claims read, no state said.
    const contact = await demo({
      method: 'GET',
      url: '/api/v1/security/user/contact',
      headers: { [CLAIMS_HEADER]: '{kaputt' },
    });
    expect(contact.statusCode).toBe(200);
    expect(contact.headers[CLAIMS_STATE_HEADER]).toBeUndefined();
  });
});
