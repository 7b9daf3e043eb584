import type { ImportKind, ImportResult } from '@mde/contracts';
import type { Db } from '../../db/database';
import { applyOnce, type KeyedRequest, type Outcome } from '../../lib/idempotency';
import { importArticles } from './article-import.service';
import { withCsvPlace } from './csv-body';
import { importDeliveryNotes, importPurchaseOrders } from './document-import.service';
import type { BodyRow, ImportBody } from './import-body';
import type { ImportOptions } from './import-options';

export type { ImportOptions } from './import-options';

import { importOpenOrders } from './open-order-import.service';
import { importStorageLocations, importStores, importSuppliers, importWarehouses } from './org-import.service';
import { importStock } from './stock-import.service';
import { importTurnover } from './turnover-import.service';

/** An import's counts; a kind that can remove rows (open orders) says how many it removed. */
export type ImportOutcome = ImportResult & { removed?: number };

/** One importer per kind of master data or document; each writes in the transaction it is given. */
export const IMPORTERS: Record<
  ImportKind,
  (db: Db, rows: BodyRow[], options: ImportOptions) => Promise<ImportOutcome>
> = {
  stores: importStores,
  warehouses: importWarehouses,
  'storage-locations': importStorageLocations,
  suppliers: importSuppliers,
  articles: importArticles,
  stock: importStock,
  turnover: importTurnover,
  'open-orders': importOpenOrders,
  'purchase-orders': importPurchaseOrders,
  'delivery-notes': importDeliveryNotes,
};

/** The kinds whose request may replace everything of the stores it names (`?full=true`, `--full`). */
export const REPLACING_KINDS: readonly ImportKind[] = ['open-orders'];

/**
 * Imports one request's rows in one transaction, once per Idempotency-Key (lib/idempotency.ts): the same
 * request sent again gets the first answer (`replayed`) and changes nothing, another request under the key is a 422.
 */
export function runImport(
  db: Db,
  kind: ImportKind,
  body: ImportBody,
  keyed: KeyedRequest | undefined,
  options: ImportOptions = { full: false },
): Promise<Outcome<ImportOutcome>> {
  return applyOnce(db, keyed, 200, async (trx) => {
    const { csv } = body;
    const result = await IMPORTERS[kind](trx, body.rows, { ...options, keep: csv?.keep });
    return csv ? { ...result, rejections: result.rejections.map((r) => withCsvPlace(csv, r)) } : result;
  });
}
