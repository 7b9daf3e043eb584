import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MSG, idempotencyKeyPattern, MSG } from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError, badRequest } from './app-error';

// docs/architecture.md#idempotent-writes: a write sent again under its Idempotency-Key returns the first answer and changes nothing.
// One implementation for every keyed route: the key belongs to its client and route, and must come with the
// same request every time.

/** A key as one client used it on one route, with the hash of what it asked for. */
export interface KeyedRequest {
  client: string;
  route: string;
  key: string;
  hash: string;
}

export interface Outcome<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** How long a key is remembered; the table stays small without a background job. */
const KEY_DAYS = 30;

/** Who a key belongs to: a user ('user:<id>'); an API key names itself the same way ('api-key:<id>'). */
export const clientOfUser = (userId: number) => `user:${userId}`;
export const clientOfApiKey = (apiKeyId: number) => `api-key:${apiKeyId}`;

const hashOf = (parts: unknown) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/**
 * The request's key, scoped to the client and the route (method and path pattern), with a hash of its
 * path parameters, query and body (`body`: the body as the route reads it); undefined without a key. A missing key is `missing`'s error, a malformed
 * one always a 400.
 */
export function keyedRequest(
  request: FastifyRequest,
  client: string,
  options: { missing?: () => Error; invalid?: () => Error; body?: unknown } = {},
): KeyedRequest | undefined {
  const key = request.headers[IDEMPOTENCY_HEADER];
  const invalid = options.invalid ?? (() => badRequest(MSG.invalidValue, { [IDEMPOTENCY_HEADER]: MSG.invalidValue }));
  if (key === undefined) {
    if (options.missing) throw options.missing();
    return undefined;
  }
  if (typeof key !== 'string' || !idempotencyKeyPattern.test(key)) throw invalid();
  return {
    client,
    route: `${request.method} ${request.routeOptions.url}`,
    key,
    // The body as the route reads it: an export without a body is the export with an empty one.
    hash: hashOf([request.params ?? null, request.query ?? null, options.body ?? request.body ?? null]),
  };
}

/**
 * Runs one write in a transaction, once per key. The key row is written in that same transaction: a second
 * request with the key waits at the insert until the first commits and then answers its stored answer; a
 * refused write or a crash rolls the key back with everything else, so no key ever stays pending. Without
 * a key the write simply runs.
 */
export async function applyOnce<T>(
  db: Db,
  keyed: KeyedRequest | undefined,
  status: number,
  run: (trx: Db) => Promise<T>,
  options: { reusedMessage?: string } = {},
): Promise<Outcome<T>> {
  return db.transaction().execute(async (trx) => {
    if (keyed && !(await claim(trx, keyed))) {
      const first = await find(trx, keyed);
      if (!first || first.request_hash !== keyed.hash) {
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', options.reusedMessage ?? IDEMPOTENCY_MSG.keyReused);
      }
      return { status: first.status, body: first.response as T, replayed: true };
    }
    const body = await run(trx);
    if (keyed) await complete(trx, keyed, status, body);
    return { status, body, replayed: false };
  });
}

async function claim(trx: Db, k: KeyedRequest) {
  const row = await trx
    .insertInto('idempotency_key')
    .values({ client: k.client, route: k.route, key: k.key, request_hash: k.hash, status: 0, response: null })
    .onConflict((oc) => oc.columns(['client', 'route', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

const find = (trx: Db, k: KeyedRequest) =>
  trx
    .selectFrom('idempotency_key')
    .select(['request_hash', 'status', 'response'])
    .where('client', '=', k.client)
    .where('route', '=', k.route)
    .where('key', '=', k.key)
    .executeTakeFirst();

async function complete(trx: Db, k: KeyedRequest, status: number, response: unknown) {
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
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${KEY_DAYS})`)
    .execute();
}
