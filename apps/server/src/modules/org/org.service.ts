import type { Db } from '../../db/database';
import type { AdminCommandContext } from '../../lib/admin-command';
import * as repo from './org-import.repository';

// The organisation's tables (firmas, stores, warehouses, storage locations, suppliers) belong to this module
// (docs/architecture.md#table-owners): the ERP import and the admin screens change them through these functions.

export type { StorageLocationValues } from './org-import.repository';
export {
  firmasIn,
  insertStorageLocation,
  insertStore,
  insertSupplier,
  insertWarehouse,
  nextId,
  storageLocationsOf,
  storesOf,
  suppliersOf,
  updateStorageLocation,
  updateStore,
  updateSupplier,
  updateWarehouse,
  warehousesOf,
} from './org-import.repository';

// What the operator's user commands need of the organisation: the firma and a store and account to work in.
export { allFirmaIds, ensureFirmaOrg, firstAccountOf, storesByNumber } from './user-org.repository';

// What the admin screens share with the org import: the same lock and numbering, so an admin's new store or
// warehouse and an import running at the same moment never take the same id.

/** Takes the org import's lock for the caller's transaction: one writer of stores and warehouses at a time. */
export const lockOrgChanges = (db: Db) => repo.lockOrgImport(db);

/** Of the given firma ids, those that exist. */
export const existingFirmas = (db: Db, ids: number[]) => repo.firmasIn(db, ids);

/** Adds a store with the next free id (call under lockOrgChanges); answers its id. */
export async function addStore(db: Db, row: { firma_id: number; vkforg: string; kurzbezeichnung: string }) {
  const id = await repo.nextId(db, 'vkforg');
  await repo.insertStore(db, { id, ...row });
  return id;
}

/** Adds a warehouse with the next free id (call under lockOrgChanges); answers its id. */
export async function addWarehouse(db: Db, row: { firma_id: number; vkforg_id: number; number: string; name: string }) {
  const id = await repo.nextId(db, 'warehouse');
  await repo.insertWarehouse(db, { id, ...row });
  return id;
}

/** The firma of `--firma`, or a German line why not (the operator acts for every firma there is). */
export async function operatorFirma(
  context: AdminCommandContext,
  raw: string | undefined,
): Promise<number | undefined> {
  const firma = Number(raw);
  if (!raw || !Number.isInteger(firma) || firma <= 0 || firma > 2_147_483_647) {
    context.err('--firma fehlt (die Nummer der Firma)');
    return undefined;
  }
  if (!(await existingFirmas(context.database.db, [firma])).has(firma)) {
    context.err(`Die Firma ${firma} gibt es nicht`);
    return undefined;
  }
  return firma;
}

/**
 * The firmas of a comma-separated list (`1` or `1,2`) that all exist, or a German line why not: the operator's
 * `--firma` of `api-key create` and `webhook create`.
 */
export async function parseFirmaList(
  db: Db,
  list: string | undefined,
): Promise<{ firmaIds: number[] } | { error: string }> {
  const words = (list ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.length === 0)
    return { error: '--firma fehlt: die Nummer der Firma oder mehrere durch Komma (z. B. --firma 1,2)' };
  const bad = words.find((w) => !/^[1-9]\d{0,8}$/.test(w));
  if (bad !== undefined) return { error: `--firma: „${bad}“ ist keine Firmennummer` };
  const firmaIds = [...new Set(words.map(Number))].sort((a, b) => a - b);
  const known = await existingFirmas(db, firmaIds);
  const unknown = firmaIds.filter((id) => !known.has(id));
  if (unknown.length > 0) return { error: `Die Firma ${unknown.join(', ')} gibt es nicht` };
  return { firmaIds };
}
