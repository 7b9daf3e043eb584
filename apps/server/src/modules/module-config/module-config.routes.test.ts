import { configValue, isDeliveryDateEditable } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { as, DEMO, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp();

describe('GET /api/v1/config/modules', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/config/modules' })).statusCode).toBe(401);
  });

  it('answers the firma of the session, and the other branch after a context change', async () => {
    const call = as(t.app, await loginAs(t.app, DEMO));
    const first = (await call({ method: 'GET', url: '/api/v1/config/modules' })).json();
    expect(isDeliveryDateEditable(first)).toBe(true);
    expect(configValue(first, 'mde-bestellung', 'BESTELLUNGEN_EDI')).toBe('frage');
    expect(configValue(first, 'mde-bestellung', 'FELD_LAGERORT')).toBe('eingeblendet');

    await call({ method: 'PATCH', url: '/api/v1/security/user/context', payload: { vkforgid: 21 } });
    const second = (await call({ method: 'GET', url: '/api/v1/config/modules' })).json();
    expect(isDeliveryDateEditable(second)).toBe(false);
    expect(configValue(second, 'mde-bestellung', 'BESTELLUNGEN_EDI')).toBe('nein');
    expect(configValue(second, 'mde-artikelvorrat', 'BESTELLUNGEN_EDI')).toBe('frage');
  });
});
