import type { Db } from '../../db/database';

// All SQL of the admin's stores section. The rows are the ones the user context pickers and the org import
// read and write (vkforg, account, warehouse, storage_location): a store created here is selectable at once.

export const firmasByIds = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('firma').select(['id', 'kurzbezeichnung']).where('id', 'in', ids).orderBy('id').execute();

export const accountsOf = (db: Db, firmaIds: number[]) =>
  firmaIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('account')
        .select(['id', 'firma_id', 'number', 'name', 'version'])
        .where('firma_id', 'in', firmaIds)
        .orderBy('number')
        .execute();

export const storesOf = (db: Db, firmaIds: number[]) =>
  firmaIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('vkforg')
        .select(['id', 'firma_id', 'vkforg', 'kurzbezeichnung', 'version'])
        .where('firma_id', 'in', firmaIds)
        .orderBy('vkforg')
        .execute();

export const warehousesOf = (db: Db, firmaIds: number[]) =>
  firmaIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('warehouse')
        .select(['id', 'firma_id', 'vkforg_id', 'number', 'name', 'version'])
        .where('firma_id', 'in', firmaIds)
        .orderBy('number')
        .execute();

export const storeById = (db: Db, id: number) =>
  db
    .selectFrom('vkforg')
    .select(['id', 'firma_id', 'vkforg', 'kurzbezeichnung', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();

export const accountById = (db: Db, id: number) =>
  db
    .selectFrom('account')
    .select(['id', 'firma_id', 'number', 'name', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();

export const warehouseById = (db: Db, id: number) =>
  db
    .selectFrom('warehouse')
    .select(['id', 'firma_id', 'vkforg_id', 'number', 'name', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();

const locationColumns = [
  'id',
  'firma_id',
  'vkforg_id',
  'warehouse_id',
  'code',
  'name',
  'zone',
  'location_type',
  'barcode',
  'version',
] as const;

export const locationById = (db: Db, id: number) =>
  db.selectFrom('storage_location').select(locationColumns).where('id', '=', id).executeTakeFirst();

export const locationsOfWarehouse = (db: Db, warehouseId: number) =>
  db
    .selectFrom('storage_location')
    .select(locationColumns)
    .where('warehouse_id', '=', warehouseId)
    .orderBy('code')
    .execute();

/** Another row with the number: a store number and an account number per firma, a warehouse number per store. */
export const storeNumberTaken = async (db: Db, firmaId: number, vkforg: string, exceptId = 0) =>
  !!(await db
    .selectFrom('vkforg')
    .select('id')
    .where('firma_id', '=', firmaId)
    .where('vkforg', '=', vkforg)
    .where('id', '<>', exceptId)
    .executeTakeFirst());

export const accountNumberTaken = async (db: Db, firmaId: number, number: string, exceptId = 0) =>
  !!(await db
    .selectFrom('account')
    .select('id')
    .where('firma_id', '=', firmaId)
    .where('number', '=', number)
    .where('id', '<>', exceptId)
    .executeTakeFirst());

export const warehouseNumberTaken = async (db: Db, vkforgId: number, number: string, exceptId = 0) =>
  !!(await db
    .selectFrom('warehouse')
    .select('id')
    .where('vkforg_id', '=', vkforgId)
    .where('number', '=', number)
    .where('id', '<>', exceptId)
    .executeTakeFirst());

export const locationCodeTaken = async (db: Db, warehouseId: number, code: string, exceptId = 0) =>
  !!(await db
    .selectFrom('storage_location')
    .select('id')
    .where('warehouse_id', '=', warehouseId)
    .where('code', '=', code)
    .where('id', '<>', exceptId)
    .executeTakeFirst());

export const barcodeTaken = async (db: Db, firmaId: number, barcode: string, exceptId = 0) =>
  !!(await db
    .selectFrom('storage_location')
    .select('id')
    .where('firma_id', '=', firmaId)
    .where('barcode', '=', barcode)
    .where('id', '<>', exceptId)
    .executeTakeFirst());

export const nextAccountId = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('account')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  ) + 1;

export const insertAccount = (db: Db, row: { id: number; firma_id: number; number: string; name: string }) =>
  db.insertInto('account').values(row).execute();

/** Updates only the version the edit is based on; undefined when the row changed meanwhile. */
export const updateStore = (db: Db, id: number, version: number, values: { vkforg: string; kurzbezeichnung: string }) =>
  db
    .updateTable('vkforg')
    .set(values)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(['id', 'firma_id', 'vkforg', 'kurzbezeichnung', 'version'])
    .executeTakeFirst();

export const updateAccount = (db: Db, id: number, version: number, values: { number: string; name: string }) =>
  db
    .updateTable('account')
    .set(values)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(['id', 'firma_id', 'number', 'name', 'version'])
    .executeTakeFirst();

export const updateWarehouse = (db: Db, id: number, version: number, values: { number: string; name: string }) =>
  db
    .updateTable('warehouse')
    .set(values)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(['id', 'firma_id', 'vkforg_id', 'number', 'name', 'version'])
    .executeTakeFirst();

export interface LocationValues {
  code: string;
  name: string;
  zone: string;
  location_type: 'shelf' | 'pallet' | 'cold';
  barcode: string | null;
}

export const insertLocation = (
  db: Db,
  row: LocationValues & { firma_id: number; vkforg_id: number; warehouse_id: number },
) => db.insertInto('storage_location').values(row).returning(locationColumns).executeTakeFirstOrThrow();

export const updateLocation = (db: Db, id: number, version: number, values: LocationValues) =>
  db
    .updateTable('storage_location')
    .set(values)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(locationColumns)
    .executeTakeFirst();

export const storeIdByNumber = async (db: Db, firmaId: number, vkforg: string) =>
  (
    await db
      .selectFrom('vkforg')
      .select('id')
      .where('firma_id', '=', firmaId)
      .where('vkforg', '=', vkforg)
      .executeTakeFirst()
  )?.id;
