import {
  type ImportResult,
  INTEGRATION_MSG,
  importStorageLocationRowSchema,
  importStoreRowSchema,
  importSupplierRowSchema,
  importWarehouseRowSchema,
} from '@mde/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import * as repo from '../org/org.service';
import type { BodyRow } from './import-body';
import { Rejections, validateRows } from './import-rows';
import { type Classified, classify, counts, type KeyedRow } from './keyed-upsert';

// Stores, warehouses, storage locations and suppliers: few rows per firma, upserted by natural key. Each row
// is checked on its own; refused rows change nothing, the others are written in the caller's transaction.

const result = <V>(c: Classified<V>, rejections: Rejections): ImportResult => {
  const list = rejections.sorted();
  return { ...counts(c), rejected: list.length, rejections: list };
};

/** The rows whose firma exists; the others are refused. */
async function checkedRows<S extends z.ZodType<{ firma: number }>>(
  db: Db,
  schema: S,
  rows: BodyRow[],
  rejections: Rejections,
) {
  await repo.lockOrgChanges(db);
  const valid = validateRows(schema, rows, rejections);
  const firmas = await repo.firmasIn(db, [...new Set(valid.map((v) => v.row.firma))]);
  const known = valid.filter((v) => {
    if (!firmas.has(v.row.firma)) rejections.add(v.index, 'firma', INTEGRATION_MSG.firmaUnknown);
    return firmas.has(v.row.firma);
  });
  return { valid: known, firmaIds: [...firmas] };
}

export async function importStores(db: Db, rows: BodyRow[]): Promise<ImportResult> {
  const rejections = new Rejections();
  const { valid, firmaIds } = await checkedRows(db, importStoreRowSchema, rows, rejections);
  const stored = new Map(
    (await repo.storesOf(db, firmaIds)).map((s) => [
      `${s.firma_id}|${s.vkforg}`,
      { id: s.id, values: s.kurzbezeichnung },
    ]),
  );
  const keyed = valid.map(({ index, row }) => ({ index, key: `${row.firma}|${row.vkforg}`, values: row.name, row }));
  const c = classify(keyed, stored, rejections);
  let id = await repo.nextId(db, 'vkforg');
  for (const r of c.inserts as typeof keyed) {
    await repo.insertStore(db, { id: id++, firma_id: r.row.firma, vkforg: r.row.vkforg, kurzbezeichnung: r.values });
  }
  for (const u of c.updates) await repo.updateStore(db, u.id, u.row.values);
  return result(c, rejections);
}

/** Store ids by firma and store number. */
async function storeIds(db: Db, firmaIds: number[]) {
  return new Map((await repo.storesOf(db, firmaIds)).map((s) => [`${s.firma_id}|${s.vkforg}`, s.id]));
}

export async function importWarehouses(db: Db, rows: BodyRow[]): Promise<ImportResult> {
  const rejections = new Rejections();
  const { valid, firmaIds } = await checkedRows(db, importWarehouseRowSchema, rows, rejections);
  const stores = await storeIds(db, firmaIds);
  const stored = new Map(
    (await repo.warehousesOf(db, firmaIds)).map((w) => [`${w.vkforg_id}|${w.number}`, { id: w.id, values: w.name }]),
  );
  const keyed: (KeyedRow<string> & { firmaId: number; vkforgId: number; number: string })[] = [];
  for (const { index, row } of valid) {
    const vkforgId = stores.get(`${row.firma}|${row.vkforg}`);
    if (vkforgId === undefined) rejections.add(index, 'vkforg', INTEGRATION_MSG.vkforgUnknown);
    else
      keyed.push({
        index,
        key: `${vkforgId}|${row.number}`,
        values: row.name,
        firmaId: row.firma,
        vkforgId,
        number: row.number,
      });
  }
  const c = classify(keyed, stored, rejections);
  let id = await repo.nextId(db, 'warehouse');
  for (const r of c.inserts as typeof keyed) {
    await repo.insertWarehouse(db, {
      id: id++,
      firma_id: r.firmaId,
      vkforg_id: r.vkforgId,
      number: r.number,
      name: r.values,
    });
  }
  for (const u of c.updates) await repo.updateWarehouse(db, u.id, u.row.values);
  return result(c, rejections);
}

export async function importStorageLocations(db: Db, rows: BodyRow[]): Promise<ImportResult> {
  const rejections = new Rejections();
  const { valid, firmaIds } = await checkedRows(db, importStorageLocationRowSchema, rows, rejections);
  const stores = await storeIds(db, firmaIds);
  const warehouses = new Map((await repo.warehousesOf(db, firmaIds)).map((w) => [`${w.vkforg_id}|${w.number}`, w.id]));
  const locations = await repo.storageLocationsOf(db, firmaIds);
  const stored = new Map(
    locations.map((l) => [
      `${l.warehouse_id}|${l.code}`,
      { id: l.id, values: { name: l.name, zone: l.zone, location_type: l.location_type, barcode: l.barcode } },
    ]),
  );
  // A barcode names one location of a firma: the location that holds it, by key.
  const barcodes = new Map(
    locations.flatMap((l) => (l.barcode ? [[`${l.firma_id}|${l.barcode}`, `${l.warehouse_id}|${l.code}`]] : [])),
  );
  type Located = KeyedRow<repo.StorageLocationValues> & {
    firmaId: number;
    vkforgId: number;
    warehouseId: number;
    code: string;
  };
  const keyed: Located[] = [];
  for (const { index, row } of valid) {
    const vkforgId = stores.get(`${row.firma}|${row.vkforg}`);
    const warehouseId = vkforgId === undefined ? undefined : warehouses.get(`${vkforgId}|${row.warehouse}`);
    if (vkforgId === undefined) rejections.add(index, 'vkforg', INTEGRATION_MSG.vkforgUnknown);
    else if (warehouseId === undefined) rejections.add(index, 'warehouse', INTEGRATION_MSG.warehouseUnknown);
    else {
      const key = `${warehouseId}|${row.code}`;
      const barcodeKey = row.barcode ? `${row.firma}|${row.barcode}` : null;
      const holder = barcodeKey ? barcodes.get(barcodeKey) : undefined;
      if (barcodeKey && holder !== undefined && holder !== key) {
        rejections.add(index, 'barcode', INTEGRATION_MSG.barcodeTaken);
        continue;
      }
      if (barcodeKey) barcodes.set(barcodeKey, key);
      const values = { name: row.name, zone: row.zone, location_type: row.locationType, barcode: row.barcode };
      keyed.push({ index, key, values, firmaId: row.firma, vkforgId, warehouseId, code: row.code });
    }
  }
  const c = classify(keyed, stored, rejections);
  for (const r of c.inserts as Located[]) {
    await repo.insertStorageLocation(db, {
      ...r.values,
      firma_id: r.firmaId,
      vkforg_id: r.vkforgId,
      warehouse_id: r.warehouseId,
      code: r.code,
    });
  }
  for (const u of c.updates) await repo.updateStorageLocation(db, u.id, u.row.values);
  return result(c, rejections);
}

export async function importSuppliers(db: Db, rows: BodyRow[]): Promise<ImportResult> {
  const rejections = new Rejections();
  const { valid, firmaIds } = await checkedRows(db, importSupplierRowSchema, rows, rejections);
  const stored = new Map(
    (await repo.suppliersOf(db, firmaIds)).map((s) => [`${s.firma_id}|${s.number}`, { id: s.id, values: s.name }]),
  );
  const keyed = valid.map(({ index, row }) => ({ index, key: `${row.firma}|${row.number}`, values: row.name, row }));
  const c = classify(keyed, stored, rejections);
  let id = await repo.nextId(db, 'supplier');
  for (const r of c.inserts as typeof keyed) {
    await repo.insertSupplier(db, { id: id++, firma_id: r.row.firma, number: r.row.number, name: r.values });
  }
  for (const u of c.updates) await repo.updateSupplier(db, u.id, u.row.values);
  return result(c, rejections);
}
