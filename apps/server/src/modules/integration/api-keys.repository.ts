import { sql } from 'kysely';
import './api-key-address.tables';
import type { Db } from '../../db/database';

export interface ApiKeyRow {
  id: number;
  name: string;
  key_prefix: string;
  scopes: string[];
  created_at: Date;
  last_used_at: Date | null;
  last_used_address: string | null;
  revoked_at: Date | null;
}

const columns = [
  'id',
  'name',
  'key_prefix',
  'scopes',
  'created_at',
  'last_used_at',
  'last_used_address',
  'revoked_at',
] as const;

export async function insertApiKey(
  db: Db,
  key: { name: string; keyHash: string; keyPrefix: string; scopes: string[] },
): Promise<number> {
  const row = await db
    .insertInto('api_key')
    .values({ name: key.name, key_hash: key.keyHash, key_prefix: key.keyPrefix, scopes: key.scopes })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const listApiKeys = (db: Db): Promise<ApiKeyRow[]> =>
  db.selectFrom('api_key').select(columns).orderBy('id').execute();

/** Revokes a key that is not yet revoked; false when there is no such key (or it was revoked already). */
export async function revokeApiKey(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('api_key')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const findActiveKeyByHash = (db: Db, keyHash: string) =>
  db
    .selectFrom('api_key')
    .select(columns)
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

/** Stamps the key's last use; at most once a minute per address, so a busy client does not write per request. */
export async function touchApiKey(db: Db, id: number, address: string) {
  await db
    .updateTable('api_key')
    .set({ last_used_at: sql`now()`, last_used_address: address })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
        eb('last_used_address', 'is distinct from', address),
      ]),
    )
    .execute();
}

/** Adds the address to the key's known addresses; true when the key was never used from it before. */
export async function rememberKeyAddress(db: Db, id: number, address: string): Promise<boolean> {
  const row = await db
    .insertInto('api_key_address')
    .values({ api_key_id: id, address })
    .onConflict((oc) => oc.doNothing())
    .returning('address')
    .executeTakeFirst();
  return row !== undefined;
}
