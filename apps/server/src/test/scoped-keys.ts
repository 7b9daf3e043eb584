import type { Db } from '../db/database';
import { createTestKey } from './test-keys';

// Tests call the integration API as an ERP does: with a real key of the scopes the test names.
const keys = new Map<string, string>();

/** Creates one key per scope list (an empty list is a key with no scope at all). */
export async function createScopedKeys(db: Db, ...scopeLists: string[][]): Promise<void> {
  for (const scopes of scopeLists) {
    const { key } = await createTestKey(db, `test ${scopes.join(',') || 'no scope'}`, scopes);
    keys.set(scopes.join(','), key);
  }
}

/** The Authorization header of the key made for exactly these scopes. */
export function withScopes(...scopes: string[]): { authorization: string } {
  const key = keys.get(scopes.join(','));
  if (!key) throw new Error(`no test key for scopes '${scopes.join(',')}': create it with createScopedKeys`);
  return { authorization: `Bearer ${key}` };
}
