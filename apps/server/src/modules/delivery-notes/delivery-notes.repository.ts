import { IDEMPOTENCY_MSG } from '@mde/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  afterPosition,
  type DocumentListFilter,
  dayEnd,
  dayStart,
  microsOf,
  SOURCE_RANK,
} from '../integration-events/document-list';
import '../receiving-documents/receiving-documents.tables';

export interface Scope {
  firmaId: number;
  vkforgId: number;
}

/** Locks the goods receipt, so counts and the booking of one delivery note take turns. */
export const lockReceipt = (db: Db, scope: Scope, id: number) =>
  db
    .selectFrom('goods_receipt')
    .where('id', '=', id)
    .where('firma_id', '=', scope.firmaId)
    .where('vkforg_id', '=', scope.vkforgId)
    .select(['id', 'status', 'booked_change_id', 'booked_by', 'warehouse_id'])
    .forUpdate()
    .executeTakeFirst();

/**
 * True the first time a change id arrives for the receipt; a resent change is not applied again. The same id
 * with another request (another user, route or body: `requestHash`) is refused with the Idempotency-Key 422.
 */
export async function recordChange(db: Db, receiptId: number, changeId: string, userId: number, requestHash: string) {
  const row = await db
    .insertInto('goods_receipt_change')
    .values({ receipt_id: receiptId, change_id: changeId, user_id: userId, request_hash: requestHash })
    .onConflict((oc) => oc.doNothing())
    .returning('change_id')
    .executeTakeFirst();
  if (row) return true;
  const first = await db
    .selectFrom('goods_receipt_change')
    .select(['user_id', 'request_hash'])
    .where('receipt_id', '=', receiptId)
    .where('change_id', '=', changeId)
    .executeTakeFirst();
  if (first && (first.user_id !== userId || (first.request_hash !== null && first.request_hash !== requestHash))) {
    throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MSG.keyReused);
  }
  return false;
}

/** Adds to the stored count in one statement: two users counting at once both count. */
export async function addCount(
  db: Db,
  row: { firmaId: number; receiptId: number; articleId: number; base: number; userId: number },
) {
  await db
    .insertInto('goods_receipt_count')
    .values({
      receipt_id: row.receiptId,
      article_id: row.articleId,
      firma_id: row.firmaId,
      counted: row.base,
      updated_by: row.userId,
    })
    .onConflict((oc) =>
      oc.columns(['receipt_id', 'article_id']).doUpdateSet({
        counted: sql`goods_receipt_count.counted + excluded.counted`,
        updated_by: row.userId,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function setCount(
  db: Db,
  row: { firmaId: number; receiptId: number; articleId: number; base: number; userId: number },
) {
  await db
    .insertInto('goods_receipt_count')
    .values({
      receipt_id: row.receiptId,
      article_id: row.articleId,
      firma_id: row.firmaId,
      counted: row.base,
      updated_by: row.userId,
    })
    .onConflict((oc) =>
      oc
        .columns(['receipt_id', 'article_id'])
        .doUpdateSet({ counted: row.base, updated_by: row.userId, updated_at: sql`now()` }),
    )
    .execute();
}

export const listCounts = (db: Db, receiptId: number) =>
  db
    .selectFrom('goods_receipt_count as c')
    .innerJoin('article as a', 'a.id', 'c.article_id')
    .where('c.receipt_id', '=', receiptId)
    .select(['c.article_id', 'c.counted', 'a.number', 'a.designation1', 'a.base_unit'])
    .orderBy('c.article_id')
    .execute();
export type CountRow = Awaited<ReturnType<typeof listCounts>>[number];

/** The counts of several receipts in one statement (the device's offline copy). */
export const listCountsOf = (db: Db, receiptIds: readonly number[]) =>
  receiptIds.length === 0
    ? Promise.resolve([] as (CountRow & { receipt_id: number })[])
    : db
        .selectFrom('goods_receipt_count as c')
        .innerJoin('article as a', 'a.id', 'c.article_id')
        .where('c.receipt_id', 'in', [...receiptIds])
        .select(['c.receipt_id', 'c.article_id', 'c.counted', 'a.number', 'a.designation1', 'a.base_unit'])
        .orderBy('c.receipt_id')
        .orderBy('c.article_id')
        .execute();

export async function setStatus(db: Db, receiptId: number, status: 'in Prüfung') {
  await db
    .updateTable('goods_receipt')
    .set({ status })
    .where('id', '=', receiptId)
    .where('status', '=', 'offen')
    .execute();
}

const bookings = (db: Db) =>
  db
    .selectFrom('goods_receipt as g')
    .leftJoin('app_user as u', 'u.id', 'g.booked_by')
    .select(['g.id', 'g.booked_at', 'u.full_name as booked_by_name', 'g.warehouse_id']);

export const bookingOf = (db: Db, receiptId: number) => bookings(db).where('g.id', '=', receiptId).executeTakeFirst();

export const bookingsOf = (db: Db, receiptIds: readonly number[]) =>
  receiptIds.length === 0
    ? Promise.resolve([])
    : bookings(db)
        .where('g.id', 'in', [...receiptIds])
        .execute();

export const findWarehouse = (db: Db, scope: Scope, warehouseId: number | undefined) => {
  let q = db
    .selectFrom('warehouse')
    .where('firma_id', '=', scope.firmaId)
    .where('vkforg_id', '=', scope.vkforgId)
    .select('id');
  if (warehouseId !== undefined) q = q.where('id', '=', warehouseId);
  return q.orderBy('number').orderBy('id').limit(1).executeTakeFirst();
};

export async function markBooked(
  db: Db,
  receiptId: number,
  booking: { userId: number; changeId: string; warehouseId: number },
) {
  await db
    .updateTable('goods_receipt')
    .set({
      status: 'gebucht',
      booked_at: new Date(),
      booked_by: booking.userId,
      booked_change_id: booking.changeId,
      warehouse_id: booking.warehouseId,
    })
    .where('id', '=', receiptId)
    .execute();
}

export async function insertBookingLines(
  db: Db,
  rows: {
    receipt_id: number;
    article_id: number;
    firma_id: number;
    expected: number;
    booked: number;
    difference: number;
  }[],
) {
  if (rows.length > 0) await db.insertInto('goods_receipt_booking_line').values(rows).execute();
}

/** A booked note of one of the firmas given, with its store and who booked it (the ERP's GET /documents/{id}). */
export const findBookedNote = (db: Db, id: number, firmaIds: readonly number[] | 'all') => {
  if (firmaIds !== 'all' && firmaIds.length === 0) return Promise.resolve(undefined);
  let query = db
    .selectFrom('goods_receipt as g')
    .leftJoin('app_user as u', 'u.id', 'g.booked_by')
    .select(['g.id', 'g.firma_id', 'g.vkforg_id', 'g.booked_at', 'g.booked_by', 'u.username as booked_by_username'])
    .where('g.id', '=', id)
    .where('g.status', '=', 'gebucht');
  if (firmaIds !== 'all') query = query.where('g.firma_id', 'in', [...firmaIds]);
  return query.executeTakeFirst();
};

/** The ERP's list of booked notes: a page after the cursor, oldest booking first (integration-events/document-list.ts). */
export async function listBookedNotes(db: Db, filter: DocumentListFilter) {
  if (filter.firmaIds !== 'all' && filter.firmaIds.length === 0) return [];
  let query = db
    .selectFrom('goods_receipt as g')
    .innerJoin('vkforg as v', 'v.id', 'g.vkforg_id')
    .select(['g.id', 'g.number', 'g.booked_at', 'g.firma_id', 'g.vkforg_id', 'v.vkforg as vkforg_number'])
    .select(microsOf('g.booked_at').as('micros'))
    .select((eb) =>
      eb
        .selectFrom('goods_receipt_line as l')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('l.receipt_id', '=', 'g.id')
        .as('line_count'),
    )
    .where('g.status', '=', 'gebucht')
    .where('g.booked_at', 'is not', null)
    .orderBy('g.booked_at')
    .orderBy('g.id')
    .limit(filter.limit);
  if (filter.firmaIds !== 'all') query = query.where('g.firma_id', 'in', [...filter.firmaIds]);
  if (filter.firma !== undefined) query = query.where('g.firma_id', '=', filter.firma);
  if (filter.vkforg !== undefined) query = query.where('v.vkforg', '=', filter.vkforg);
  if (filter.from !== undefined) query = query.where('g.booked_at', '>=', dayStart(filter.from));
  if (filter.to !== undefined) query = query.where('g.booked_at', '<', dayEnd(filter.to));
  if (filter.after)
    query = query.where(afterPosition('g.booked_at', 'g.id', SOURCE_RANK['delivery-note'], filter.after));
  return query.execute();
}
