import { sql } from 'kysely';
import type { Db } from '../db/database';

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
