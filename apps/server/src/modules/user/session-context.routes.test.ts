import type { UserContext } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { as, DEMO, loginAs, useTestApp } from '../../test/test-app';

// The context (account, vkforg, firma) belongs to the session, that is to the device: one user on a phone and
// a handheld switches each on its own.
const t = useTestApp();

const context = async (device: ReturnType<typeof as>): Promise<UserContext> =>
  (await device({ method: 'GET', url: '/api/v1/security/user/context' })).json();
const switchTo = (device: ReturnType<typeof as>, payload: Record<string, number>) =>
  device({
    method: 'PATCH',
    url: '/api/v1/security/user/context',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('the context of one user on two devices', () => {
  it('a switch on one device leaves the other device where it was, and seeds the next login', async () => {
    const phone = as(t.app, await loginAs(t.app, DEMO));
    const handheld = as(t.app, await loginAs(t.app, DEMO));
    const start = await context(handheld);

    const switched = await switchTo(phone, { vkforgid: 21 });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ vkforgid: 21, firmaid: 2, accountid: 201 });
    expect(await context(phone)).toMatchObject({ vkforgid: 21, firmaid: 2, accountid: 201 });
    expect(await context(handheld)).toMatchObject({
      vkforgid: start.vkforgid,
      firmaid: start.firmaid,
      accountid: start.accountid,
    });

    // The handheld's own switch follows its own context, and leaves the phone's alone.
    expect((await switchTo(handheld, { vkforgid: 12 })).json()).toMatchObject({ vkforgid: 12, firmaid: 1 });
    expect(await context(phone)).toMatchObject({ vkforgid: 21, firmaid: 2 });

    // The last choice starts the next login.
    const tablet = as(t.app, await loginAs(t.app, DEMO));
    expect(await context(tablet)).toMatchObject({ vkforgid: 12, firmaid: 1 });
  });

  it('a device captures in its own vkforg, whatever the other device switched to', async () => {
    const phone = as(t.app, await loginAs(t.app, DEMO));
    const handheld = as(t.app, await loginAs(t.app, DEMO));
    await switchTo(handheld, { vkforgid: 11 });
    await switchTo(phone, { vkforgid: 12 });
    const open = await handheld({ method: 'GET', url: '/api/v1/captures/inventory-count' });
    expect(open.json().vkforgId).toBe(11);
    const other = await phone({ method: 'GET', url: '/api/v1/captures/inventory-count' });
    expect(other.json().vkforgId).toBe(12);
  });
});
