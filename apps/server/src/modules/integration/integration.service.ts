import type { ImportKind, ImportResult } from '@mde/contracts';
import type { Db } from '../../db/database';
import { applyOnce, type KeyedRequest, type Outcome } from '../../lib/idempotency';
import { importArticles } from './article-import.service';
import { importDeliveryNotes, importPurchaseOrders } from './document-import.service';
import type { BodyRow, ImportBody } from './import-body';
import { importStorageLocations, importStores, importSuppliers, importWarehouses } from './org-import.service';
import { importStock } from './stock-import.service';

/** One importer per kind of master data or document; each writes in the transaction it is given. */
export const IMPORTERS: Record<ImportKind, (db: Db, rows: BodyRow[]) => Promise<ImportResult>> = {
  stores: importStores,
  warehouses: importWarehouses,
  'storage-locations': importStorageLocations,
  suppliers: importSuppliers,
  articles: importArticles,
  stock: importStock,
  'purchase-orders': importPurchaseOrders,
  'delivery-notes': importDeliveryNotes,
};

/**
 * Imports one request's rows in one transaction, once per Idempotency-Key (lib/idempotency.ts): the same
 * request sent again gets the first answer (`replayed`) and changes nothing, another request under the key is a 422.
 */
export function runImport(
  db: Db,
  kind: ImportKind,
  body: ImportBody,
  keyed: KeyedRequest | undefined,
): Promise<Outcome<ImportResult>> {
  return applyOnce(db, keyed, 200, (trx) => IMPORTERS[kind](trx, body.rows));
}
