import { sql } from 'kysely';
import type { Db } from '../../db/database';
import './receiving-documents.tables';

/** The session's sales organisation: every document belongs to one vkforg of one firma. */
export interface Scope {
  firmaId: number;
  vkforgId: number;
}
/** Which numbers a search compares: a prefix of the document number or of the reference number. */
export interface NumberFilter {
  number?: string;
  referenceNumber?: string;
}

export interface SummaryRow {
  id: number;
  number: string;
  reference_number: string | null;
  supplier_id: number;
  supplier_number: string;
  supplier_name: string;
  date: string;
  status: string;
  barcode: string | null;
  line_count: number;
}
export interface LineRow {
  line_no: number;
  article_id: number;
  article_number: string;
  designation1: string;
  unit: string;
  factor: number | string;
  quantity: number | string;
}

// LIKE treats % and _ as wildcards; a number typed by the user means itself.
const prefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const orders = (db: Db, scope: Scope) =>
  db
    .selectFrom('purchase_order as d')
    .innerJoin('supplier as s', 's.id', 'd.supplier_id')
    .where('d.firma_id', '=', scope.firmaId)
    .where('d.vkforg_id', '=', scope.vkforgId)
    .select([
      'd.id',
      'd.number',
      'd.reference_number',
      'd.supplier_id',
      's.number as supplier_number',
      's.name as supplier_name',
      'd.delivery_date as date',
      sql<string>`'offen'`.as('status'),
      'd.barcode',
    ])
    .select((eb) =>
      eb
        .selectFrom('purchase_order_line as l')
        .whereRef('l.order_id', '=', 'd.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('line_count'),
    );

const receipts = (db: Db, scope: Scope) =>
  db
    .selectFrom('goods_receipt as d')
    .innerJoin('supplier as s', 's.id', 'd.supplier_id')
    .where('d.firma_id', '=', scope.firmaId)
    .where('d.vkforg_id', '=', scope.vkforgId)
    .select([
      'd.id',
      'd.number',
      'd.reference_number',
      'd.supplier_id',
      's.number as supplier_number',
      's.name as supplier_name',
      'd.receipt_date as date',
      'd.status',
      'd.barcode',
    ])
    .select((eb) =>
      eb
        .selectFrom('goods_receipt_line as l')
        .whereRef('l.receipt_id', '=', 'd.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('line_count'),
    );

export async function searchOrders(db: Db, scope: Scope, filter: NumberFilter, limit: number) {
  let q = orders(db, scope);
  if (filter.number) q = q.where('d.number', 'like', prefix(filter.number));
  if (filter.referenceNumber) q = q.where('d.reference_number', 'like', prefix(filter.referenceNumber));
  return (await q.orderBy('d.delivery_date', 'desc').orderBy('d.id', 'desc').limit(limit).execute()) as SummaryRow[];
}

export async function searchReceipts(db: Db, scope: Scope, filter: NumberFilter, limit: number) {
  let q = receipts(db, scope);
  if (filter.number) q = q.where('d.number', 'like', prefix(filter.number));
  if (filter.referenceNumber) q = q.where('d.reference_number', 'like', prefix(filter.referenceNumber));
  return (await q.orderBy('d.receipt_date', 'desc').orderBy('d.id', 'desc').limit(limit).execute()) as SummaryRow[];
}

/** Orders whose printed code is the scanned text, or whose number it is (a Code 128 of the bare number). */
export async function ordersByCode(db: Db, scope: Scope, code: string) {
  return (await orders(db, scope)
    .where((eb) => eb.or([eb('d.barcode', '=', code), eb('d.number', '=', code)]))
    .orderBy('d.id', 'desc')
    .limit(2)
    .execute()) as SummaryRow[];
}

export async function receiptsByCode(db: Db, scope: Scope, code: string) {
  return (await receipts(db, scope)
    .where((eb) => eb.or([eb('d.barcode', '=', code), eb('d.number', '=', code)]))
    .orderBy('d.id', 'desc')
    .limit(2)
    .execute()) as SummaryRow[];
}

export async function findOrder(db: Db, scope: Scope, id: number) {
  return (await orders(db, scope).where('d.id', '=', id).executeTakeFirst()) as SummaryRow | undefined;
}

export async function findReceipt(db: Db, scope: Scope, id: number) {
  return (await receipts(db, scope).where('d.id', '=', id).executeTakeFirst()) as SummaryRow | undefined;
}

export const orderLines = (db: Db, firmaId: number, orderId: number): Promise<LineRow[]> =>
  db
    .selectFrom('purchase_order_line as l')
    .innerJoin('article as a', 'a.id', 'l.article_id')
    .where('l.firma_id', '=', firmaId)
    .where('l.order_id', '=', orderId)
    .select([
      'l.line_no',
      'l.article_id',
      'a.number as article_number',
      'a.designation1',
      'l.unit',
      'l.factor',
      'l.quantity',
    ])
    .orderBy('l.line_no')
    .execute();

export const receiptLines = (db: Db, firmaId: number, receiptId: number): Promise<LineRow[]> =>
  db
    .selectFrom('goods_receipt_line as l')
    .innerJoin('article as a', 'a.id', 'l.article_id')
    .where('l.firma_id', '=', firmaId)
    .where('l.receipt_id', '=', receiptId)
    .select([
      'l.line_no',
      'l.article_id',
      'a.number as article_number',
      'a.designation1',
      'l.unit',
      'l.factor',
      'l.quantity',
    ])
    .orderBy('l.line_no')
    .execute();

/** The vkforg's goods receipts, newest first, by status and supplier (the delivery-note list). */
export async function listReceipts(
  db: Db,
  scope: Scope,
  filter: { status?: string; supplierId?: number },
  limit: number,
) {
  let q = receipts(db, scope);
  if (filter.status) q = q.where('d.status', '=', filter.status as 'offen');
  if (filter.supplierId) q = q.where('d.supplier_id', '=', filter.supplierId);
  return (await q.orderBy('d.receipt_date', 'desc').orderBy('d.id', 'desc').limit(limit).execute()) as SummaryRow[];
}

/** Orders and goods receipts due between two dates (the device's offline copy), newest first. */
export async function ordersDueBetween(db: Db, scope: Scope, from: string, to: string, limit: number) {
  return (await orders(db, scope)
    .where('d.delivery_date', '>=', from)
    .where('d.delivery_date', '<=', to)
    .orderBy('d.delivery_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute()) as SummaryRow[];
}

export async function receiptsDueBetween(db: Db, scope: Scope, from: string, to: string, limit: number) {
  return (await receipts(db, scope)
    .where('d.receipt_date', '>=', from)
    .where('d.receipt_date', '<=', to)
    .orderBy('d.receipt_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute()) as SummaryRow[];
}

export const orderLinesOf = (db: Db, firmaId: number, orderIds: readonly number[]) =>
  orderIds.length === 0
    ? Promise.resolve([] as (LineRow & { document_id: number })[])
    : db
        .selectFrom('purchase_order_line as l')
        .innerJoin('article as a', 'a.id', 'l.article_id')
        .where('l.firma_id', '=', firmaId)
        .where('l.order_id', 'in', [...orderIds])
        .select([
          'l.order_id as document_id',
          'l.line_no',
          'l.article_id',
          'a.number as article_number',
          'a.designation1',
          'l.unit',
          'l.factor',
          'l.quantity',
        ])
        .orderBy('l.order_id')
        .orderBy('l.line_no')
        .execute();

export const receiptLinesOf = (db: Db, firmaId: number, receiptIds: readonly number[]) =>
  receiptIds.length === 0
    ? Promise.resolve([] as (LineRow & { document_id: number })[])
    : db
        .selectFrom('goods_receipt_line as l')
        .innerJoin('article as a', 'a.id', 'l.article_id')
        .where('l.firma_id', '=', firmaId)
        .where('l.receipt_id', 'in', [...receiptIds])
        .select([
          'l.receipt_id as document_id',
          'l.line_no',
          'l.article_id',
          'a.number as article_number',
          'a.designation1',
          'l.unit',
          'l.factor',
          'l.quantity',
        ])
        .orderBy('l.receipt_id')
        .orderBy('l.line_no')
        .execute();

// Documents from the ERP (the integration import of purchase orders, and the delivery notes' lines).

/** Lists for `in (…)` a statement can take: a large import asks in parts. */
const IN_CHUNK = 5000;
async function inChunks<T, R>(values: readonly T[], ask: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < values.length; i += IN_CHUNK) rows.push(...(await ask(values.slice(i, i + IN_CHUNK))));
  return rows;
}

/** Articles of the firma by number, each with whether it is delisted and listed in the vkforg (its catalogue). */
export const articlesByNumbers = (db: Db, firmaId: number, vkforgId: number, numbers: readonly string[]) =>
  inChunks(numbers, (part) =>
    db
      .selectFrom('article as a')
      .leftJoin('article_summary as s', (join) =>
        join.onRef('s.article_id', '=', 'a.id').on('s.vkforg_id', '=', vkforgId),
      )
      .where('a.firma_id', '=', firmaId)
      .where('a.number', 'in', part)
      .select(['a.id', 'a.number', 'a.base_unit', 'a.delisted_at', 's.article_id as listed_id'])
      .execute(),
  );

/** The units of the articles, with base units per unit. */
export const unitsOfArticles = (db: Db, firmaId: number, articleIds: readonly number[]) =>
  inChunks(articleIds, (part) =>
    db
      .selectFrom('article_unit')
      .where('firma_id', '=', firmaId)
      .where('article_id', 'in', part)
      .select(['article_id', 'unit', 'factor'])
      .execute(),
  );

/** One import of purchase orders at a time: two imports of the same new order never both insert it. */
export async function lockOrderImport(db: Db) {
  await sql`select pg_advisory_xact_lock(727108, 1)`.execute(db);
}

/** The stored orders of the firma with these numbers, locked for the import's transaction. */
export const ordersForImport = (db: Db, firmaId: number, numbers: readonly string[]) =>
  inChunks(numbers, (part) =>
    db
      .selectFrom('purchase_order')
      .where('firma_id', '=', firmaId)
      .where('number', 'in', part)
      .select([
        'id',
        'vkforg_id',
        'number',
        'supplier_id',
        'order_date',
        'delivery_date',
        'reference_number',
        'barcode',
      ])
      .forUpdate()
      .execute(),
  );

/** The lines of documents as stored, for the comparison with an import (no article join). */
export const orderLinesForImport = (db: Db, firmaId: number, orderIds: readonly number[]) =>
  inChunks(orderIds, (part) =>
    db
      .selectFrom('purchase_order_line')
      .where('firma_id', '=', firmaId)
      .where('order_id', 'in', part)
      .select(['order_id as document_id', 'line_no', 'article_id', 'unit', 'factor', 'quantity'])
      .orderBy('order_id')
      .orderBy('line_no')
      .execute(),
  );

export interface OrderHeader {
  supplier_id: number;
  order_date: string;
  delivery_date: string;
  reference_number: string | null;
  barcode: string | null;
}
export interface DocumentLineRow {
  line_no: number;
  firma_id: number;
  article_id: number;
  unit: string;
  factor: number;
  quantity: number;
}

/** A new order, or nothing when one of the same number came in meanwhile. */
export const insertOrder = (db: Db, row: OrderHeader & { firma_id: number; vkforg_id: number; number: string }) =>
  db
    .insertInto('purchase_order')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();

export const updateOrder = (db: Db, id: number, header: OrderHeader) =>
  db.updateTable('purchase_order').set(header).where('id', '=', id).execute();

/** The order's lines replaced by these. */
export async function replaceOrderLines(db: Db, orderId: number, lines: readonly DocumentLineRow[]) {
  await db.deleteFrom('purchase_order_line').where('order_id', '=', orderId).execute();
  if (lines.length > 0) {
    await db
      .insertInto('purchase_order_line')
      .values(lines.map((l) => ({ ...l, order_id: orderId })))
      .execute();
  }
}
