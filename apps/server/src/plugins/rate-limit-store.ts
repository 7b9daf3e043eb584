import { sql } from 'kysely';
import type { Db } from '../db/database';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Counts one hit under a key in its window (the window restarts when it has run out), in one statement;
 * the count includes this hit.
 */
export async function countHit(db: Db, key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
  const limitKey = key.slice(0, 300);
  const r = await sql<{ hits: number; ttl: number }>`
    insert into rate_limit (limit_key, window_start, hits) values (${limitKey}, now(), 1)
    on conflict (limit_key) do update set
      hits = case when rate_limit.window_start + make_interval(secs => ${timeWindow / 1000}) <= now() then 1 else rate_limit.hits + 1 end,
      window_start = case when rate_limit.window_start + make_interval(secs => ${timeWindow / 1000}) <= now() then now() else rate_limit.window_start end
    returning hits, greatest(0, extract(epoch from (window_start + make_interval(secs => ${timeWindow / 1000}) - now())) * 1000)::int as ttl`.execute(
    db,
  );
  const row = r.rows[0];
  return { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindow };
}

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
