import type { Db } from '../db/database';
import { FX, insertFixtures } from './capture-fixtures';
import { createScopedKeys } from './scoped-keys';

/**
 * What the tests of the ERP's side read: the capture fixtures, the milk with its piece (EAN-13) and case (GTIN-14)
 * code as the documents name them, and keys that read the event feed and manage webhooks (withScopes).
 */
export async function insertErpFixtures(db: Db) {
  await createScopedKeys(db, [], ['events:read'], ['webhooks:manage']);
  await insertFixtures(db);
  await db
    .insertInto('article_code')
    .values([
      { firma_id: 1, gtin14: '04000000900017', article_id: FX.milk, code_type: 'ean13', unit: 'Stück', factor: 1 },
      { firma_id: 1, gtin14: '14000000900014', article_id: FX.milk, code_type: 'gtin14', unit: 'Karton', factor: 6 },
    ])
    .execute();
}
