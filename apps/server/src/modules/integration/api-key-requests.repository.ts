import { sql } from 'kysely';
import './api-key-requests.tables';
import { intArrayLiteral } from '../../db/array-literal';
import type { Db } from '../../db/database';

export interface ApiKeyRequestValues {
  apiKeyId: number;
  at: Date;
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

/** One statement for a batch of logged requests. */
export async function insertRequests(db: Db, rows: readonly ApiKeyRequestValues[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('api_key_request')
    .values(
      rows.map((r) => ({
        api_key_id: r.apiKeyId,
        at: r.at,
        method: r.method,
        route: r.route,
        status: r.status,
        duration_ms: r.durationMs,
      })),
    )
    .execute();
}

/**
 * Keeps at most `keep` rows of each of these keys: everything at or below the id of a key's (keep + 1)-th
 * newest row goes. One index walk per key (api_key_request_key_idx), never a scan of the whole log.
 */
export async function trimKeys(db: Db, keyIds: readonly number[], keep: number) {
  if (keyIds.length === 0) return;
  await sql`
    delete from api_key_request r
    using (
      select k.id as key_id,
        (select q.id from api_key_request q where q.api_key_id = k.id order by q.id desc offset ${keep} limit 1) as cutoff
      from unnest(${intArrayLiteral(keyIds)}::int[]) as k(id)
    ) c
    where r.api_key_id = c.key_id and r.id <= c.cutoff`.execute(db);
}

/** Drops what is older than `days` (api_key_request_at_idx). */
export async function deleteOlderThan(db: Db, days: number) {
  await db.deleteFrom('api_key_request').where('at', '<', sql<Date>`now() - make_interval(days => ${days})`).execute();
}

/** A key's newest requests, newest first (by time: two instances' batches may land out of order). */
export const newestRequests = (db: Db, keyId: number, limit: number) =>
  db
    .selectFrom('api_key_request')
    .select(['at', 'method', 'route', 'status', 'duration_ms'])
    .where('api_key_id', '=', keyId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
