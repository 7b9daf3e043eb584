import type { Db } from '../db/database';
import { countHit } from './rate-limit.repository';

// A module that limits on its own terms (the gift card probe) counts through the same statement.
export { countHit };

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store in the database, so counters hold across instances (docs/architecture.md#scale-out
 * scale-out). One statement per request: the window restarts when it has run out.
 */
export function databaseRateLimitStore(getDb: () => Db, prefix = '') {
  return class DatabaseStore {
    incr(key: string, cb: Callback, timeWindow: number) {
      countHit(getDb(), `${prefix}${key}`, timeWindow).then(
        (result) => cb(null, result),
        (error: Error) => cb(error),
      );
    }
    // @fastify/rate-limit passes the route under `routeInfo` at run time (its typings say otherwise).
    child(params: object) {
      const route = (params as { routeInfo?: { method?: unknown; url?: string } }).routeInfo ?? {};
      const Child = databaseRateLimitStore(getDb, `${prefix}${String(route.method ?? '')}${route.url ?? ''}:`);
      return new Child();
    }
  };
}
