import { sql } from 'kysely';
import './api-key-address.tables';
import { intArrayLiteral } from '../../db/array-literal';
import type { Db } from '../../db/database';

export interface ApiKeyRow {
  id: number;
  name: string;
  key_prefix: string;
  scopes: string[];
  firma_ids: number[];
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
  'firma_ids',
  'created_at',
  'last_used_at',
  'last_used_address',
  'revoked_at',
] as const;

export async function insertApiKey(
  db: Db,
  key: { name: string; keyHash: string; keyPrefix: string; scopes: string[]; firmaIds: readonly number[] },
): Promise<ApiKeyRow> {
  return db
    .insertInto('api_key')
    .values({
      name: key.name,
      key_hash: key.keyHash,
      key_prefix: key.keyPrefix,
      scopes: key.scopes,
      firma_ids: [...key.firmaIds],
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/**
 * The keys of a reader: null = every key (the operator); otherwise the keys made for some of these firmas and
 * none other (a key of firmas 1 and 2 is not shown to an admin of firma 2 only).
 */
export function listApiKeys(db: Db, firmaIds: readonly number[] | null): Promise<ApiKeyRow[]> {
  let query = db.selectFrom('api_key').select(columns).orderBy('id');
  if (firmaIds !== null) query = query.where(withinFirmas(firmaIds));
  return query.execute();
}

export function findApiKey(db: Db, id: number, firmaIds: readonly number[] | null): Promise<ApiKeyRow | undefined> {
  let query = db.selectFrom('api_key').select(columns).where('id', '=', id);
  if (firmaIds !== null) query = query.where(withinFirmas(firmaIds));
  return query.executeTakeFirst();
}

const withinFirmas = (firmaIds: readonly number[]) =>
  sql<boolean>`(cardinality(api_key.firma_ids) > 0 and api_key.firma_ids <@ ${intArrayLiteral(firmaIds)}::int[])`;

/** Revokes a key that is not yet revoked; the key as revoked, or undefined (no such key, or revoked already). */
export function revokeApiKey(db: Db, id: number): Promise<ApiKeyRow | undefined> {
  return db
    .updateTable('api_key')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(columns)
    .executeTakeFirst();
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

/** The ids of the keys with these hashes, revoked ones too (the request log names a revoked key's refusals). */
export async function keyIdsByHash(db: Db, hashes: readonly string[]): Promise<Map<string, number>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .selectFrom('api_key')
    .select(['id', 'key_hash'])
    .where('key_hash', 'in', [...hashes])
    .execute();
  return new Map(rows.map((r) => [r.key_hash, r.id]));
}
