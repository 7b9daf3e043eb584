import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { FeedPosition } from './event-cursor';
import './integration-events.tables';

export interface EventValues {
  type: string;
  firma_id: number;
  vkforg_id: number | null;
  user_id: number | null;
  user_name: string | null;
  document: string;
}

export async function insertEvent(trx: Db, values: EventValues) {
  return trx.insertInto('integration_event').values(values).returning(['id']).executeTakeFirstOrThrow();
}

/**
 * The oldest transaction still running when this statement's snapshot was taken: every event of a lower
 * transaction id has been committed or rolled back, so the feed never moves past an event still to come.
 */
export const visibleBelow = sql<number>`pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

export interface EventRow {
  id: number;
  xact_id: number;
  type: string;
  firma_id: number;
  vkforg_id: number | null;
  user_id: number | null;
  user_name: string | null;
  occurred_at: Date;
  document: unknown;
}

/**
 * Events after `after` in feed order (transaction id, then id), of ended transactions only; of these firmas only
 * (null: every firma).
 */
export async function listEventsAfter(
  db: Db,
  after: FeedPosition,
  limit: number,
  types: readonly string[] | null,
  firmaIds: readonly number[] | null,
): Promise<EventRow[]> {
  if (firmaIds?.length === 0) return [];
  let query = db
    .selectFrom('integration_event')
    .selectAll()
    .where((eb) => eb(eb.refTuple('xact_id', 'id'), '>', eb.tuple(after.xact, after.id)))
    .where('xact_id', '<', visibleBelow)
    .orderBy('xact_id')
    .orderBy('id')
    .limit(limit);
  if (types) query = query.where('type', 'in', types);
  if (firmaIds) query = query.where('firma_id', 'in', [...firmaIds]);
  return (await query.execute()) as EventRow[];
}

export async function findEvent(db: Db, id: number) {
  return (await db.selectFrom('integration_event').selectAll().where('id', '=', id).executeTakeFirst()) as
    | EventRow
    | undefined;
}

/** Events are kept at least 30 days; a day more before they go. */
export async function deleteOldEvents(db: Db) {
  await db.deleteFrom('integration_event').where('occurred_at', '<', sql<Date>`now() - interval '31 days'`).execute();
}

/** Where a new reader of everything from now on starts: nothing of an ended transaction is behind it. */
export async function currentStart(db: Db): Promise<FeedPosition> {
  const row = await sql<{ xact: number }>`select ${visibleBelow} as xact`.execute(db);
  return { xact: Number(row.rows[0]?.xact ?? 0), id: 0 };
}
