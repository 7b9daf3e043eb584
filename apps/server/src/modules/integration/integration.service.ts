import { type ImportKind, type ImportResult, INTEGRATION_MSG } from '@mde/contracts';
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

/** A firma number as a row may name one: a whole number 1 … 2^31-1, or such digits (a schema may read them). */
function firmaNumber(value: unknown): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(number) && number >= 1 && number <= 2_147_483_647 ? number : null;
}

/**
 * The one check of a key's firmas, before any importer sees the rows: every import row names its firma at the
 * top (`firma`), and a row of a firma the key was not made for becomes a refusal of that row (field `firma`),
 * which every importer reports like a row that is no JSON (import-rows.ts validateRows). A firma that does not
 * exist is none of the key's either, so a key learns nothing about other firmas. A value that is no firma number
 * at all is left to the importer's schema, which refuses it with its own reason. `null`: the operator's CSV
 * import, every firma.
 */
export function rowsOfFirmas(rows: BodyRow[], firmaIds: readonly number[] | null): BodyRow[] {
  if (firmaIds === null) return rows;
  const allowed = new Set(firmaIds);
  return rows.map((row) => {
    if (!('value' in row) || typeof row.value !== 'object' || row.value === null) return row;
    const firma = firmaNumber((row.value as { firma?: unknown }).firma);
    if (firma === null || allowed.has(firma)) return row;
    return { error: INTEGRATION_MSG.keyNotForFirma, field: 'firma' };
  });
}

/**
 * Imports one request's rows in one transaction, once per Idempotency-Key (lib/idempotency.ts): the same
 * request sent again gets the first answer (`replayed`) and changes nothing, another request under the key is a
 * 422. `firmaIds` are the key's firmas: rows of any other firma are refused one by one (rowsOfFirmas).
 */
export function runImport(
  db: Db,
  kind: ImportKind,
  body: ImportBody,
  keyed: KeyedRequest | undefined,
  firmaIds: readonly number[] | null,
  options: ImportOptions = { full: false },
): Promise<Outcome<ImportOutcome>> {
  return applyOnce(db, keyed, 200, async (trx) => {
    const { csv } = body;
    const rows = rowsOfFirmas(body.rows, firmaIds);
    const result = await IMPORTERS[kind](trx, rows, { ...options, keep: csv?.keep });
    return csv ? { ...result, rejections: result.rejections.map((r) => withCsvPlace(csv, r)) } : result;
  });
}
