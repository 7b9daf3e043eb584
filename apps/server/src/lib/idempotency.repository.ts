import { sql } from 'kysely';
import type { Db } from '../db/database';

// The keys of docs/architecture.md#idempotent-writes (idempotency_key, owned by lib/).

/** A key as one client used it on one route, with the hash of what it asked for (lib/idempotency.ts). */
interface KeyedRequest {
  client: string;
  route: string;
  key: string;
  hash: string;
}

/** Claims a key for its first request; false when it was claimed before. */
export async function claim(trx: Db, k: KeyedRequest) {
  const row = await trx
    .insertInto('idempotency_key')
    .values({ client: k.client, route: k.route, key: k.key, request_hash: k.hash, status: 0, response: null })
    .onConflict((oc) => oc.columns(['client', 'route', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export const find = (trx: Db, k: KeyedRequest) =>
  trx
    .selectFrom('idempotency_key')
    .select(['request_hash', 'status', 'response'])
    .where('client', '=', k.client)
    .where('route', '=', k.route)
    .where('key', '=', k.key)
    .executeTakeFirst();

/** Stores the answer, and drops the client's keys older than `keyDays` days. */
export async function complete(trx: Db, k: KeyedRequest, status: number, response: unknown, keyDays: number) {
  await trx
    .updateTable('idempotency_key')
    .set({ status, response: response === undefined ? null : JSON.stringify(response) })
    .where('client', '=', k.client)
    .where('route', '=', k.route)
    .where('key', '=', k.key)
    .execute();
  await trx
    .deleteFrom('idempotency_key')
    .where('client', '=', k.client)
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${keyDays})`)
    .execute();
}
