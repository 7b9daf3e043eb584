import type { Permission } from '@mde/contracts';
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
