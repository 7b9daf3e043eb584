import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { FeedPosition } from './event-cursor';
import '../articles/articles.tables';
import './integration-events.tables';

export interface EventValues {
  type: string;
  firma_id: number;
  vkforg_id: number | null;
  vkforg_number: string | null;
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
  vkforg_number: string | null;
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

/** The store's number as the ERP sent it (the stores import's `vkforg`). */
export async function vkforgNumberOf(db: Db, vkforgId: number | null): Promise<string | null> {
  if (vkforgId === null) return null;
  const row = await db.selectFrom('vkforg').select('vkforg').where('id', '=', vkforgId).executeTakeFirst();
  return row?.vkforg ?? null;
}

/**
 * The numbers the ERP knows a document's store, warehouse and supplier by (the import's natural keys), for
 * the internal ids the document holds.
 */
export async function erpNumbersOf(
  db: Db,
  ids: { firmaId: number; vkforgId: number; warehouseId: number | null; supplierId: number | null },
) {
  const warehouse =
    ids.warehouseId === null
      ? undefined
      : await db
          .selectFrom('warehouse')
          .select('number')
          .where('id', '=', ids.warehouseId)
          .where('firma_id', '=', ids.firmaId)
          .executeTakeFirst();
  const supplier =
    ids.supplierId === null
      ? undefined
      : await db
          .selectFrom('supplier')
          .select('number')
          .where('id', '=', ids.supplierId)
          .where('firma_id', '=', ids.firmaId)
          .executeTakeFirst();
  return {
    vkforg: await vkforgNumberOf(db, ids.vkforgId),
    warehouse: warehouse?.number ?? null,
    supplier: supplier?.number ?? null,
  };
}

/** The code of each unit of these articles (document-payload.ts picks the one a line was scanned by). */
export const articleCodesOf = (trx: Db, firmaId: number, articleIds: number[]) =>
  trx
    .selectFrom('article_code')
    .select(['article_id', 'unit', 'gtin14'])
    .where('firma_id', '=', firmaId)
    .where('article_id', 'in', articleIds)
    .orderBy('gtin14')
    .execute();

/** The user name an event carries beside the user's id. */
export const userNameOf = (trx: Db, userId: number) =>
  trx.selectFrom('app_user').select('username').where('id', '=', userId).executeTakeFirst();
