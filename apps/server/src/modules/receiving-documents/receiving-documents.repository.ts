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
