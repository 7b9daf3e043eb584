import type { Permission } from '@mde/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import '../receiving-documents/receiving-documents.tables';

/** The vkforg, when it belongs to the firma and the user may work in it. */
export const userVkforg = (db: Db, userId: number, firmaId: number, vkforgId: number) =>
  db
    .selectFrom('user_vkforg as uv')
    .innerJoin('vkforg as v', 'v.id', 'uv.vkforg_id')
    .where('uv.user_id', '=', userId)
    .where('uv.vkforg_id', '=', vkforgId)
    .where('v.firma_id', '=', firmaId)
    .select('v.id')
    .executeTakeFirst();

export const supplierByNumber = (db: Db, firmaId: number, number: string) =>
  db
    .selectFrom('supplier')
    .where('firma_id', '=', firmaId)
    .where('number', '=', number)
    .select(['id', 'name'])
    .executeTakeFirst();

/** The order the note delivers, when the vkforg has one of that number from the supplier. */
export const orderByNumber = (
  db: Db,
  scope: { firmaId: number; vkforgId: number; supplierId: number },
  number: string,
) =>
  db
    .selectFrom('purchase_order')
    .where('firma_id', '=', scope.firmaId)
    .where('vkforg_id', '=', scope.vkforgId)
    .where('supplier_id', '=', scope.supplierId)
    .where('number', '=', number)
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * The new note, or nothing when one of the same supplier and number is there
 * already: a parallel import of the same note waits for the first and then finds it.
 */
export const insertReceipt = (
  db: Db,
  row: {
    firma_id: number;
    vkforg_id: number;
    supplier_id: number;
    number: string;
    reference_number: string | null;
    order_id: number | null;
    receipt_date: string;
    barcode: string | null;
  },
) =>
  db
    .insertInto('goods_receipt')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();

export async function insertReceiptLines(
  db: Db,
  rows: {
    receipt_id: number;
    line_no: number;
    firma_id: number;
    article_id: number;
    unit: string;
    factor: number;
    quantity: number;
  }[],
) {
  await db.insertInto('goods_receipt_line').values(rows).execute();
}

/** Every user who may open the vkforg's delivery notes: one of the permissions and the vkforg in their list. */
export const usersSeeingNotes = (db: Db, vkforgId: number, permissions: readonly Permission[]) =>
  db
    .selectFrom('user_vkforg as uv')
    .where('uv.vkforg_id', '=', vkforgId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_permission as p')
          .whereRef('p.user_id', '=', 'uv.user_id')
          .where('p.permission', 'in', [...permissions])
          .select('p.user_id'),
      ),
    )
    .select('uv.user_id')
    .orderBy('uv.user_id')
    .execute();

// Delivery notes from the ERP's integration import (upsert by firma + vkforg + supplier + number).

/** One import of delivery notes at a time: two imports of the same new note never both insert it. */
export async function lockNoteImport(db: Db) {
  await sql`select pg_advisory_xact_lock(727108, 2)`.execute(db);
}

const IN_CHUNK = 5000;
async function inChunks<T, R>(values: readonly T[], ask: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < values.length; i += IN_CHUNK) rows.push(...(await ask(values.slice(i, i + IN_CHUNK))));
  return rows;
}

/** The stored notes of the firma with these numbers, locked: a scan waits for the import, or the import for it. */
export const receiptsForImport = (db: Db, firmaId: number, numbers: readonly string[]) =>
  inChunks(numbers, (part) =>
    db
      .selectFrom('goods_receipt')
      .where('firma_id', '=', firmaId)
      .where('number', 'in', part)
      .select(['id', 'vkforg_id', 'supplier_id', 'number', 'reference_number', 'receipt_date', 'barcode', 'status'])
      .forUpdate()
      .execute(),
  );

export const receiptLinesForImport = (db: Db, firmaId: number, receiptIds: readonly number[]) =>
  inChunks(receiptIds, (part) =>
    db
      .selectFrom('goods_receipt_line')
      .where('firma_id', '=', firmaId)
      .where('receipt_id', 'in', part)
      .select(['receipt_id', 'line_no', 'article_id', 'unit', 'factor', 'quantity'])
      .orderBy('receipt_id')
      .orderBy('line_no')
      .execute(),
  );

export const updateReceipt = (
  db: Db,
  id: number,
  values: { reference_number: string | null; order_id: number | null; receipt_date: string; barcode: string | null },
) => db.updateTable('goods_receipt').set(values).where('id', '=', id).execute();

export const deleteReceiptLines = (db: Db, receiptId: number) =>
  db.deleteFrom('goods_receipt_line').where('receipt_id', '=', receiptId).execute();
