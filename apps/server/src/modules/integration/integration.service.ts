import type { ImportKind, ImportResult } from '@mde/contracts';
import type { Db } from '../../db/database';
import { applyOnce, type KeyedRequest, type Outcome } from '../../lib/idempotency';
import { importArticles } from './article-import.service';
import { withCsvPlace } from './csv-body';
import type { BodyRow, ImportBody } from './import-body';
import type { ImportOptions } from './import-options';
import { importStorageLocations, importStores, importSuppliers, importWarehouses } from './org-import.service';
import { importStock } from './stock-import.service';

/** One importer per kind of master data; each writes in the transaction it is given. */
export const IMPORTERS: Record<
  ImportKind,
  (db: Db, rows: BodyRow[], options?: ImportOptions) => Promise<ImportResult>
> = {
  stores: importStores,
  warehouses: importWarehouses,
  'storage-locations': importStorageLocations,
  suppliers: importSuppliers,
  articles: importArticles,
  stock: importStock,
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
  return applyOnce(db, keyed, 200, async (trx) => {
    const { csv } = body;
    const result = await IMPORTERS[kind](trx, body.rows, { keep: csv?.keep });
    return csv ? { ...result, rejections: result.rejections.map((r) => withCsvPlace(csv, r)) } : result;
  });
}
