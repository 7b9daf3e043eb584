import { PERMISSIONS } from '@mde/contracts';
import type { Db } from '../db/database';
import { hashPassword } from '../lib/password-hash';

/** docs/architecture.md#demo-data demo users with their exact passwords; the rest is believable store data. */
export const DEMO_USERS = [
  {
    username: 'demo',
    password: 'Demo1234!',
    fullName: 'Dana Demo',
    email: 'demo@frischmarkt.example',
    kind: 'internal' as const,
    permissions: [...PERMISSIONS],
    roles: ['ROLE_LOCATIONASSIGNMENT_SERVICE'],
    accounts: [101, 201],
    vkforgs: [11, 12, 21],
    context: { account: 101, vkforg: 11, firma: 1 },
  },
  {
    username: 'filiale',
    password: 'Filiale1234!',
    fullName: 'Fritz Filiale',
    email: 'filiale@frischmarkt.example',
    kind: 'internal' as const,
    permissions: ['ARTIKELINFO', 'INVENTUR'],
    roles: [],
    accounts: [101],
    vkforgs: [11],
    context: { account: 101, vkforg: 11, firma: 1 },
  },
  {
    username: 'extern',
    password: 'Extern1234!',
    fullName: 'Erika Extern',
    email: 'extern@lieferant.example',
    kind: 'external' as const,
    permissions: ['ARTIKELINFO'],
    roles: [],
    accounts: [101],
    vkforgs: [12],
    context: { account: 101, vkforg: 12, firma: 1 },
  },
];

const FIRMAS = [
  { id: 1, kurzbezeichnung: 'Frischmarkt Nord GmbH' },
  { id: 2, kurzbezeichnung: 'Frischmarkt Süd GmbH' },
];
const VKFORGS = [
  { id: 11, firma_id: 1, vkforg: '1100', kurzbezeichnung: 'Hamburg-Altona' },
  { id: 12, firma_id: 1, vkforg: '1200', kurzbezeichnung: 'Lübeck Innenstadt' },
  { id: 21, firma_id: 2, vkforg: '2100', kurzbezeichnung: 'München-Pasing' },
];
const ACCOUNTS = [
  { id: 101, firma_id: 1, number: '4711', name: 'Frischmarkt Nord Filialnetz' },
  { id: 201, firma_id: 2, number: '4712', name: 'Frischmarkt Süd Filialnetz' },
];
const WAREHOUSES = [
  { id: 1101, firma_id: 1, vkforg_id: 11, number: 'L01', name: 'Verkaufsraum' },
  { id: 1102, firma_id: 1, vkforg_id: 11, number: 'L02', name: 'Lager' },
  { id: 1103, firma_id: 1, vkforg_id: 11, number: 'L03', name: 'Kühlhaus' },
  { id: 1201, firma_id: 1, vkforg_id: 12, number: 'L01', name: 'Verkaufsraum' },
  { id: 1202, firma_id: 1, vkforg_id: 12, number: 'L02', name: 'Lager' },
  { id: 2101, firma_id: 2, vkforg_id: 21, number: 'L01', name: 'Verkaufsraum' },
  { id: 2102, firma_id: 2, vkforg_id: 21, number: 'L02', name: 'Tiefkühllager' },
];
// Firma 1 and firma 2 take opposite branches of every property (docs/spec.md §5), so both can be tested.
const MODULE_CONFIG = [
  ['mde-bestellvorschlag', 'LIEFERTERMIN_EINGEBBAR', 'true', 'false'],
  ['mde-bestellung', 'BESTELLUNGEN_EDI', 'frage', 'nein'],
  ['mde-bestellung', 'FELD_LAGERORT', 'eingeblendet', 'ausgeblendet'],
  ['mde-artikelvorrat', 'BESTELLUNGEN_EDI', 'nein', 'frage'],
  ['mde-artikelvorrat', 'FELD_LAGERORT', 'ausgeblendet', 'eingeblendet'],
  ['mde-inventur', 'FELD_LAGERORT', 'eingeblendet', 'ausgeblendet'],
  ['mde-retouren', 'FELD_LAGERORT', 'ausgeblendet', 'eingeblendet'],
  // The goods-receipt check records where the delivery was checked (docs/spec.md §3 geo position); other modules do not.
  ['mde-warenverprobung', 'STANDORT_ERFASSEN', 'true', 'false'],
] as const;

export async function seedPlatform(db: Db) {
  await db.insertInto('firma').values(FIRMAS).execute();
  await db.insertInto('vkforg').values(VKFORGS).execute();
  await db.insertInto('account').values(ACCOUNTS).execute();
  await db.insertInto('warehouse').values(WAREHOUSES).execute();
  await db
    .insertInto('module_config')
    .values(
      MODULE_CONFIG.flatMap(([module, key, first, second]) => [
        { firma_id: 1, module, config_key: key, config_value: first },
        { firma_id: 2, module, config_key: key, config_value: second },
      ]),
    )
    .execute();
  for (const user of DEMO_USERS) {
    const row = await db
      .insertInto('app_user')
      .values({
        username: user.username,
        full_name: user.fullName,
        email: user.email,
        password_hash: await hashPassword(user.password),
        kind: user.kind,
        account_id: user.context.account,
        vkforg_id: user.context.vkforg,
        firma_id: user.context.firma,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_account')
      .values(user.accounts.map((account_id) => ({ user_id: row.id, account_id })))
      .execute();
    await db
      .insertInto('user_vkforg')
      .values(user.vkforgs.map((vkforg_id) => ({ user_id: row.id, vkforg_id })))
      .execute();
    await db
      .insertInto('user_permission')
      .values(user.permissions.map((permission) => ({ user_id: row.id, permission })))
      .execute();
    if (user.roles.length > 0) {
      await db
        .insertInto('user_role')
        .values(user.roles.map((role) => ({ user_id: row.id, role })))
        .execute();
    }
  }
}
