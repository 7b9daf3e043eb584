import type { Db } from '../db/database';
import { createApiKey } from '../modules/integration/api-keys.service';

/**
 * Tests make keys as an operator does (with the audit entry), for the demo's two firmas unless they name others:
 * the key and its id.
 */
export async function createTestKey(
  db: Db,
  name: string,
  scopes: string[],
  firmaIds: readonly number[] = [1, 2],
): Promise<{ id: number; key: string }> {
  const created = await db
    .transaction()
    .execute((trx) => createApiKey(trx, { system: 'test' }, { name, scopes, firmaIds }));
  return { id: created.id, key: created.key };
}
