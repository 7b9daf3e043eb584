import type pg from 'pg';
import type { Db } from './db-type';

/** Runs a named statement on a connection whose plans are generic (plan_cache_mode = force_generic_plan). */
export type GenericPlanQuery = <R>(name: string, text: string, values: unknown[]) => Promise<R[]>;

const runners = new WeakMap<Db, GenericPlanQuery>();

/**
 * Statements with array parameters (a batch of scans) get a cost estimate that changes with the array's
 * length, so PostgreSQL's plan cache plans them anew on almost every call (1 ms for 20 codes on a server,
 * 0.4 ms per statement in PGlite; the lookup bench). A plpgsql function with `set plan_cache_mode` forced the
 * generic plan, but its call doubled the statement's cost (0.09 against 0.20 ms for 25 scans, pgbench on
 * 1,000,000 articles). So on a database server the hot statements run on connections of their own with
 * that setting for the whole session, and every other statement keeps plans chosen for its parameters.
 * PGlite has one session: a statement that starts with GENERIC_PLAN_HINT runs with that setting, and every
 * other one without it (sent along only when the session's mode must change, pglite-prepared.ts).
 */
export function registerGenericPlans(db: Db, pool: pg.Pool) {
  runners.set(db, async <R>(name: string, text: string, values: unknown[]) => {
    const result = await pool.query({ name, text, values });
    return result.rows as R[];
  });
}

/** The runner of a database server's Kysely instance; none for PGlite or inside a transaction. */
export function genericPlanQuery(db: Db): GenericPlanQuery | undefined {
  return db.isTransaction ? undefined : runners.get(db);
}

/** Marks a statement to be run with a generic plan where no such connection exists (PGlite). */
export const GENERIC_PLAN_HINT = '/* generic plan */ ';

/** Connection settings of such connections; the name tells them apart in pg_stat_activity. */
export const GENERIC_PLAN_CONNECTION = {
  options: '-c plan_cache_mode=force_generic_plan',
  application_name: 'mde generic plans',
};
