import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** How many of these migrations the database has applied (the readiness probe). */
export const appliedMigrations = (db: Db, names: string[]) =>
  sql<{ applied: number }>`select count(*)::int as applied from schema_migration
    where name in (${sql.join(names)})`.execute(db);

/** The push jobs waiting to be sent (a gauge of /metrics). */
export async function pushQueueDepth(db: Db): Promise<number> {
  const row = await sql<{ n: number }>`select count(*)::int8 as n from push_job`.execute(db);
  return row.rows[0]?.n ?? 0;
}
