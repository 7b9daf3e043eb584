import { configValue } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../test/run-admin-command';
import { useTestApp } from '../test/test-app';
import { loadModuleConfig } from './module-config/module-config.service';

// npm run admin -- store create / warehouse create / config list / config set

const t = useTestApp();

const admin = (...args: string[]) => runAdminCommand(t.app, args);

describe('admin commands of the stores and module settings sections', () => {
  it('creates a store and its warehouse, audited as the operator', async () => {
    const store = await admin('store', 'create', '--firma', '2', '--vkforg', '2200', '--name', 'Augsburg');
    expect(store).toMatchObject({ code: 0, err: [] });
    const wh = await admin(
      'warehouse',
      'create',
      '--firma',
      '2',
      '--vkforg',
      '2200',
      '--number',
      'L01',
      '--name',
      'Lager',
    );
    expect(wh).toMatchObject({ code: 0, err: [] });
    const row = await t.db
      .selectFrom('warehouse as w')
      .innerJoin('vkforg as v', 'v.id', 'w.vkforg_id')
      .select(['v.kurzbezeichnung', 'w.name', 'w.firma_id'])
      .where('v.vkforg', '=', '2200')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kurzbezeichnung: 'Augsburg', name: 'Lager', firma_id: 2 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'store.create')
      .executeTakeFirstOrThrow();
    expect(audit.actor).toMatch(/^admin-cli:/);
  });

  it('prints the German reason and exits non-zero on bad input', async () => {
    const taken = await admin('store', 'create', '--firma', '1', '--vkforg', '1100', '--name', 'Doppelt');
    expect(taken.code).toBe(1);
    expect(taken.err).toEqual(['Diese Verkaufsorganisations-Nummer gibt es in der Firma schon']);
    const missing = await admin('store', 'create', '--firma', '9', '--vkforg', '1', '--name', 'X');
    expect(missing).toMatchObject({ code: 2, err: ['Die Firma 9 gibt es nicht'] });
    const empty = await admin('store', 'create', '--firma', '1', '--name', 'X');
    expect(empty.code).toBe(2);
    expect(empty.err).toEqual(['vkforg: Nummer fehlt']);
    const noStore = await admin(
      'warehouse',
      'create',
      '--firma',
      '1',
      '--vkforg',
      '2100',
      '--number',
      'L9',
      '--name',
      'X',
    );
    expect(noStore.code).toBe(2);
  });

  it('lists and sets module settings with the same validation as the API', async () => {
    const list = await admin('config', 'list', '--firma', '1');
    expect(list.code).toBe(0);
    expect(list.out).toContain('mde-bestellung.BESTELLUNGEN_EDI=frage\t(frage|nein)\tÜbertragung per EDI');

    const bad = await admin('config', 'set', '--firma', '1', 'mde-warenverprobung.TOLERANZ_PROZENT=200');
    expect(bad.code).toBe(1);
    expect(bad.err).toEqual(['Bitte eine Zahl von 0 bis 100 eingeben']);
    const malformed = await admin('config', 'set', '--firma', '1', 'TOLERANZ=5');
    expect(malformed.code).toBe(2);

    const set = await admin('config', 'set', '--firma', '2', 'mde-inventur.FELD_LAGERORT=eingeblendet');
    expect(set).toMatchObject({ code: 0, err: [] });
    expect(configValue(await loadModuleConfig(t.db, 2), 'mde-inventur', 'FELD_LAGERORT')).toBe('eingeblendet');
  });
});
