import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MSG, idempotencyKeyPattern, MSG } from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { AppError, badRequest } from './app-error';
import * as repo from './idempotency.repository';

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
    if (keyed && !(await repo.claim(trx, keyed))) {
      const first = await repo.find(trx, keyed);
      if (!first || first.request_hash !== keyed.hash) {
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', options.reusedMessage ?? IDEMPOTENCY_MSG.keyReused);
      }
      return { status: first.status, body: first.response as T, replayed: true };
    }
    const body = await run(trx);
    if (keyed) await repo.complete(trx, keyed, status, body, KEY_DAYS);
    return { status, body, replayed: false };
  });
}
