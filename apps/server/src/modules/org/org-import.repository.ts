import { sql } from 'kysely';
import type { Db } from '../../db/database';

// An import whose rows name no known firma asks for nothing: SQL has no empty `in ()` list.
const noFirmas = (firmaIds: number[]) => firmaIds.length === 0;

/** New ids of the master tables whose ids come from the ERP's numbering follow the highest one. */
export async function nextId(db: Db, table: 'vkforg' | 'warehouse' | 'supplier'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0) + 1;
}

export const storesOf = (db: Db, firmaIds: number[]) =>
  noFirmas(firmaIds)
    ? Promise.resolve([])
    : db
        .selectFrom('vkforg')
        .select(['id', 'firma_id', 'vkforg', 'kurzbezeichnung'])
        .where('firma_id', 'in', firmaIds)
        .execute();

export const insertStore = (db: Db, row: { id: number; firma_id: number; vkforg: string; kurzbezeichnung: string }) =>
  db.insertInto('vkforg').values(row).execute();

export const updateStore = (db: Db, id: number, kurzbezeichnung: string) =>
  db.updateTable('vkforg').set({ kurzbezeichnung }).where('id', '=', id).execute();

export const warehousesOf = (db: Db, firmaIds: number[]) =>
  noFirmas(firmaIds)
    ? Promise.resolve([])
    : db
        .selectFrom('warehouse')
        .select(['id', 'firma_id', 'vkforg_id', 'number', 'name'])
        .where('firma_id', 'in', firmaIds)
        .execute();

export const insertWarehouse = (
  db: Db,
  row: { id: number; firma_id: number; vkforg_id: number; number: string; name: string },
) => db.insertInto('warehouse').values(row).execute();

export const updateWarehouse = (db: Db, id: number, name: string) =>
  db.updateTable('warehouse').set({ name }).where('id', '=', id).execute();

export const storageLocationsOf = (db: Db, firmaIds: number[]) =>
  noFirmas(firmaIds)
    ? Promise.resolve([])
    : db
        .selectFrom('storage_location')
        .select(['id', 'firma_id', 'warehouse_id', 'code', 'name', 'zone', 'location_type', 'barcode'])
        .where('firma_id', 'in', firmaIds)
        .execute();

export interface StorageLocationValues {
  name: string;
  zone: string;
  location_type: 'shelf' | 'pallet' | 'cold';
  barcode: string | null;
}

export const insertStorageLocation = (
  db: Db,
  row: StorageLocationValues & { firma_id: number; vkforg_id: number; warehouse_id: number; code: string },
) => db.insertInto('storage_location').values(row).execute();

export const updateStorageLocation = (db: Db, id: number, values: StorageLocationValues) =>
  db.updateTable('storage_location').set(values).where('id', '=', id).execute();

export const suppliersOf = (db: Db, firmaIds: number[]) =>
  noFirmas(firmaIds)
    ? Promise.resolve([])
    : db
        .selectFrom('supplier')
        .select(['id', 'firma_id', 'number', 'name'])
        .where('firma_id', 'in', firmaIds)
        .execute();

export const insertSupplier = (db: Db, row: { id: number; firma_id: number; number: string; name: string }) =>
  db.insertInto('supplier').values(row).execute();

export const updateSupplier = (db: Db, id: number, name: string) =>
  db.updateTable('supplier').set({ name }).where('id', '=', id).execute();

export async function lockOrgImport(db: Db) {
  await sql`select pg_advisory_xact_lock(727106)`.execute(db);
}

export const firmasIn = async (db: Db, ids: number[]) =>
  new Set(
    ids.length === 0
      ? []
      : (await db.selectFrom('firma').select('id').where('id', 'in', ids).execute()).map((f) => f.id),
  );
