import {
  DOCUMENT_SEARCH_LIMIT,
  type DocumentDetail,
  type DocumentSearchQuery,
  type DocumentSnapshot,
  type DocumentSummary,
  type DocumentVariant,
  type GoodsReceiptStatus,
  HEADER_LOAD_FAILED,
  OFFLINE_DOCUMENT_DAYS,
  RECEIVING_MSG,
  round3,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import * as repo from './receiving-documents.repository';

export type Scope = repo.Scope;

/** Most delivery notes the list shows. */
const DELIVERY_NOTE_LIST_LIMIT = 200;

const toSummary = (variante: DocumentVariant, r: repo.SummaryRow): DocumentSummary => ({
  id: Number(r.id),
  variante,
  number: r.number,
  referenceNumber: r.reference_number,
  supplierId: r.supplier_id,
  supplierNumber: r.supplier_number,
  supplierName: r.supplier_name,
  date: r.date,
  status: r.status as DocumentSummary['status'],
  barcode: r.barcode,
  lineCount: Number(r.line_count ?? 0),
});

const toLine = (r: repo.LineRow) => ({
  lineNo: r.line_no,
  articleId: r.article_id,
  articleNumber: r.article_number,
  designation: r.designation1,
  unit: r.unit,
  factor: round3(Number(r.factor)),
  quantity: round3(Number(r.quantity)),
});

const notFoundOf = (variante: DocumentVariant) =>
  notFound(variante === 'BESTELLUNG' ? RECEIVING_MSG.orderNotFound : RECEIVING_MSG.receiptNotFound);

/** docs/spec.md §7 document search: by number or reference number prefix, newest first. */
export async function searchDocuments(db: Db, scope: Scope, query: DocumentSearchQuery): Promise<DocumentSummary[]> {
  const filter = { number: query.nummer, referenceNumber: query.bezugsnummer };
  const rows =
    query.variante === 'BESTELLUNG'
      ? await repo.searchOrders(db, scope, filter, DOCUMENT_SEARCH_LIMIT)
      : await repo.searchReceipts(db, scope, filter, DOCUMENT_SEARCH_LIMIT);
  return rows.map((r) => toSummary(query.variante, r));
}

async function withLines(db: Db, scope: Scope, variante: DocumentVariant, row: repo.SummaryRow) {
  const lines =
    variante === 'BESTELLUNG'
      ? await repo.orderLines(db, scope.firmaId, Number(row.id))
      : await repo.receiptLines(db, scope.firmaId, Number(row.id));
  return { ...toSummary(variante, row), lines: lines.map(toLine) };
}

/** docs/spec.md §7 scan of a document's barcode: the code printed on it, or its bare number. */
export async function scanDocument(
  db: Db,
  scope: Scope,
  variante: DocumentVariant,
  code: string,
): Promise<DocumentDetail> {
  const rows =
    variante === 'BESTELLUNG' ? await repo.ordersByCode(db, scope, code) : await repo.receiptsByCode(db, scope, code);
  const row = rows[0];
  if (!row) throw notFoundOf(variante);
  return withLines(db, scope, variante, row);
}

/** docs/spec.md §7 loadKopf: the header and lines of one document of the vkforg; docs/spec.md §8 when it cannot be loaded. */
export async function loadDocument(
  db: Db,
  scope: Scope,
  variante: DocumentVariant,
  id: number,
): Promise<DocumentDetail> {
  const row = variante === 'BESTELLUNG' ? await repo.findOrder(db, scope, id) : await repo.findReceipt(db, scope, id);
  if (!row) throw notFound(HEADER_LOAD_FAILED);
  return withLines(db, scope, variante, row);
}

/** Goods receipts of the vkforg as delivery notes, newest first, filtered by status and supplier. */
export async function listGoodsReceipts(
  db: Db,
  scope: Scope,
  filter: { status?: GoodsReceiptStatus; supplierId?: number },
): Promise<DocumentSummary[]> {
  const rows = await repo.listReceipts(db, scope, filter, DELIVERY_NOTE_LIST_LIMIT);
  return rows.map((r) => toSummary('WARENUEBERNAHME', r));
}

/** One goods receipt with its lines, or undefined when the vkforg has none of that id. */
export async function findGoodsReceipt(db: Db, scope: Scope, id: number): Promise<DocumentDetail | undefined> {
  const row = await repo.findReceipt(db, scope, id);
  return row ? withLines(db, scope, 'WARENUEBERNAHME', row) : undefined;
}

/** Most documents of each kind in the device's offline copy. */
const SNAPSHOT_LIMIT = 300;
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type LinedRow = repo.LineRow & { document_id: number };

function attachLines(variante: DocumentVariant, rows: repo.SummaryRow[], lines: LinedRow[]): DocumentDetail[] {
  const byDocument = new Map<number, repo.LineRow[]>();
  for (const l of lines) byDocument.set(Number(l.document_id), [...(byDocument.get(Number(l.document_id)) ?? []), l]);
  return rows.map((r) => ({ ...toSummary(variante, r), lines: (byDocument.get(Number(r.id)) ?? []).map(toLine) }));
}

const offlineWindow = () => ({ from: isoDay(-OFFLINE_DOCUMENT_DAYS.before), to: isoDay(OFFLINE_DOCUMENT_DAYS.after) });

/** The goods receipts due around today with their lines (the delivery notes a device keeps for offline work). */
export async function goodsReceiptsDueSoon(db: Db, scope: Scope): Promise<DocumentDetail[]> {
  const { from, to } = offlineWindow();
  const rows = await repo.receiptsDueBetween(db, scope, from, to, SNAPSHOT_LIMIT);
  const lines = await repo.receiptLinesOf(
    db,
    scope.firmaId,
    rows.map((r) => Number(r.id)),
  );
  return attachLines('WARENUEBERNAHME', rows, lines);
}

/** The documents due around today with their lines, for the device to work offline (issue: offline captures). */
export async function documentSnapshot(db: Db, scope: Scope): Promise<DocumentSnapshot> {
  const { from, to } = offlineWindow();
  const orderRows = await repo.ordersDueBetween(db, scope, from, to, SNAPSHOT_LIMIT);
  const orderLines = await repo.orderLinesOf(
    db,
    scope.firmaId,
    orderRows.map((r) => Number(r.id)),
  );
  return {
    orders: attachLines('BESTELLUNG', orderRows, orderLines),
    receipts: await goodsReceiptsDueSoon(db, scope),
  };
}
