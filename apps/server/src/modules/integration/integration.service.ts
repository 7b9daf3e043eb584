import { hash } from 'node:crypto';
import { type ImportKind, type ImportResult, INTEGRATION_MSG } from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { importArticles } from './article-import.service';
import type { BodyRow, ImportBody } from './import-body';
import * as repo from './integration-request.repository';
import { importStorageLocations, importStores, importSuppliers, importWarehouses } from './org-import.service';
import { importStock } from './stock-import.service';

/** One importer per kind of master data; each writes in the transaction it is given. */
export const IMPORTERS: Record<ImportKind, (db: Db, rows: BodyRow[]) => Promise<ImportResult>> = {
  stores: importStores,
  warehouses: importWarehouses,
  'storage-locations': importStorageLocations,
  suppliers: importSuppliers,
  articles: importArticles,
  stock: importStock,
};

const UNIQUE_VIOLATION = '23505';

/**
 * Imports one request's rows in one transaction. With an Idempotency-Key, the first answer is stored in that
 * same transaction; the same request sent again gets that answer and changes nothing, another request under
 * the same key is refused (409).
 */
export async function runImport(
  db: Db,
  apiKeyId: number,
  kind: ImportKind,
  body: ImportBody,
  idempotencyKey: string | undefined,
): Promise<ImportResult> {
  const requestHash = hash('sha256', `${kind}\n${body.hash}`, 'hex');
  if (idempotencyKey) {
    const earlier = await replay(db, apiKeyId, idempotencyKey, requestHash);
    if (earlier) return earlier;
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await IMPORTERS[kind](trx, body.rows);
      if (idempotencyKey) {
        await repo.insertIntegrationRequest(trx, {
          apiKeyId,
          idempotencyKey,
          requestHash,
          status: 200,
          response: result,
        });
      }
      return result;
    });
  } catch (error) {
    // The same key sent twice at once: the other request stored its answer first.
    if (!idempotencyKey || (error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    const earlier = await replay(db, apiKeyId, idempotencyKey, requestHash);
    if (earlier) return earlier;
    throw error;
  }
}

async function replay(db: Db, apiKeyId: number, idempotencyKey: string, requestHash: string) {
  const earlier = await repo.findIntegrationRequest(db, apiKeyId, idempotencyKey);
  if (!earlier) return undefined;
  if (earlier.request_hash !== requestHash) {
    throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', INTEGRATION_MSG.idempotencyKeyReused);
  }
  return earlier.response as ImportResult;
}
