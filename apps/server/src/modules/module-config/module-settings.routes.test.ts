import { ADMIN_MSG, configValue, type ModuleSettings } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { createFirma2Admin } from '../../test/admin-test-users';
import { as, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';

let admin2: ReturnType<typeof as>;
const url = '/api/v1/admin/module-settings';
const GRC = 'mde-warenverprobung';

const t = useTestApp({
  prepare: async (t) => {
    admin2 = as(t.app, await loginAs(t.app, await createFirma2Admin(t.db)));
  },
});
const demo = t.login(DEMO);
const filiale = t.login(FILIALE);

const setting = (s: ModuleSettings, module: string, key: string) =>
  s.modules.find((m) => m.module === module)?.settings.find((x) => x.key === key);

describe('admin module settings API', () => {
  it('lists every property per module with value, kind, default and German meaning', async () => {
    const res = await demo({ method: 'GET', url: `${url}?firma=1` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ModuleSettings;
    expect(setting(body, 'mde-bestellvorschlag', 'LIEFERTERMIN_EINGEBBAR')).toMatchObject({
      value: 'true',
      kind: { type: 'boolean' },
      description: expect.stringContaining('Liefertermin'),
    });
    expect(setting(body, 'mde-bestellung', 'BESTELLUNGEN_EDI')?.value).toBe('frage');
    expect(setting(body, GRC, 'TOLERANZ_PROZENT')).toMatchObject({ value: '10', kind: { type: 'number' } });
    // Not stored for this module: the value the devices act on.
    expect(setting(body, 'mde-inventur', 'STANDORT_ERFASSEN')?.value).toBe('false');
  });

  it('sets values that reach the devices at once, audited with before and after', async () => {
    const put = await demo({
      method: 'PUT',
      url,
      payload: {
        firma: 1,
        changes: [
          { module: GRC, key: 'TOLERANZ_PROZENT', value: '12,5', expected: '10' },
          { module: 'mde-inventur', key: 'STANDORT_ERFASSEN', value: 'true', expected: 'false' },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    expect(setting(put.json(), GRC, 'TOLERANZ_PROZENT')?.value).toBe('12.5');
    const config = (await demo({ method: 'GET', url: '/api/v1/config/modules' })).json();
    expect(configValue(config, GRC, 'TOLERANZ_PROZENT')).toBe('12.5');
    expect(configValue(config, 'mde-inventur', 'STANDORT_ERFASSEN')).toBe('true');
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'module-config.set')
      .where('object_id', '=', `${GRC}.TOLERANZ_PROZENT`)
      .executeTakeFirstOrThrow();
    expect(entry.firma_id).toBe(1);
    expect(JSON.stringify(entry.before)).toContain('10');
    await demo({
      method: 'PUT',
      url,
      payload: { firma: 1, changes: [{ module: GRC, key: 'TOLERANZ_PROZENT', value: '10', expected: '12.5' }] },
    });
  });

  it('refuses a value changed since it was read (409) and changes nothing', async () => {
    const res = await demo({
      method: 'PUT',
      url,
      payload: {
        firma: 1,
        changes: [
          { module: 'mde-bestellung', key: 'FELD_LAGERORT', value: 'ausgeblendet', expected: 'eingeblendet' },
          { module: GRC, key: 'TOLERANZ_PROZENT', value: '5', expected: '3' },
        ],
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMIN_MSG.editedMeanwhile);
    const config = (await demo({ method: 'GET', url: '/api/v1/config/modules' })).json();
    expect(configValue(config, 'mde-bestellung', 'FELD_LAGERORT')).toBe('eingeblendet');
  });

  it('answers bad values with a German message per field and changes nothing', async () => {
    const res = await demo({
      method: 'PUT',
      url,
      payload: {
        firma: 1,
        changes: [
          { module: GRC, key: 'TOLERANZ_PROZENT', value: '150', expected: '10' },
          { module: 'mde-bestellung', key: 'BESTELLUNGEN_EDI', value: 'ja', expected: 'frage' },
          { module: 'mde-bestellung', key: 'UNBEKANNT', value: 'x', expected: 'x' },
          { module: 'mde-inventur', key: 'STANDORT_ERFASSEN', value: 'yes', expected: 'false' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'mde-warenverprobung.TOLERANZ_PROZENT': 'Bitte eine Zahl von 0 bis 100 eingeben',
      'mde-bestellung.BESTELLUNGEN_EDI': 'Erlaubt sind: frage, nein',
      'mde-bestellung.UNBEKANNT': 'Diese Einstellung gibt es nicht',
      'mde-inventur.STANDORT_ERFASSEN': 'Bitte Ein oder Aus wählen',
    });
    expect((await demo({ method: 'PUT', url, payload: { firma: 1, changes: [] } })).statusCode).toBe(400);
  });

  it('refuses non-admins (403) and another firma (403)', async () => {
    expect((await filiale({ method: 'GET', url: `${url}?firma=1` })).statusCode).toBe(403);
    const change = { firma: 1, changes: [{ module: GRC, key: 'TOLERANZ_PROZENT', value: '1', expected: '10' }] };
    expect((await filiale({ method: 'PUT', url, payload: change })).statusCode).toBe(403);
    const read = await admin2({ method: 'GET', url: `${url}?firma=1` });
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe(ADMIN_MSG.firmaNotHeld);
    expect((await admin2({ method: 'PUT', url, payload: change })).statusCode).toBe(403);
    expect((await admin2({ method: 'GET', url: `${url}?firma=2` })).statusCode).toBe(200);
    expect((await demo({ method: 'GET', url: `${url}?firma=abc` })).statusCode).toBe(400);
  });
});
