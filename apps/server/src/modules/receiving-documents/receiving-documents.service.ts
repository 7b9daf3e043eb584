import {
  ARTICLE_MSG,
  DOCUMENT_IMPORT_MSG,
  DOCUMENT_SEARCH_LIMIT,
  type DocumentDetail,
  type DocumentSearchQuery,
  type DocumentSnapshot,
  type DocumentSummary,
  type DocumentVariant,
  type GoodsReceiptStatus,
  HEADER_LOAD_FAILED,
  INTEGRATION_MSG,
  OFFLINE_DOCUMENT_DAYS,
  RECEIVING_MSG,
  round3,
  toBase,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { lookupCode } from '../articles/article-lookup.service';
import { documentsInCaptures } from '../captures/capture-references.service';
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

// Documents from the ERP: purchase orders here, delivery notes in the delivery-notes module; both resolve their
// lines the same way and leave a document alone once someone works on it in the app.

/** An imported document's line: the article by number (with a unit) or by a code, and its quantity. */
export interface ImportLine {
  article: string | null;
  code: string | null;
  unit: string | null;
  quantity: number;
}
/** A line as stored: the article, the unit, its base units per unit and the quantity in it. */
export interface ResolvedLine {
  articleId: number;
  unit: string;
  factor: number;
  quantity: number;
}
/** A refused document: its place in the request, the field and the German reason. */
export interface DocumentRefusal {
  index: number;
  field: string;
  message: string;
}
export interface DocumentUpsertOutcome {
  inserted: number;
  updated: number;
  unchanged: number;
  refused: DocumentRefusal[];
}
export type LineResolution = { lines: ResolvedLine[] } | { field: string; message: string };

// What numeric(12, 3) holds: a quantity times its unit's factor is stored and booked in base units.
const BASE_QUANTITY_MAX = 999_999_999;

type ArticleByNumber = Awaited<ReturnType<typeof repo.articlesByNumbers>>[number];

/** A number line's article and unit, or why not. */
function numberLine(
  line: ImportLine,
  found: ArticleByNumber | undefined,
  units: Map<number, Map<string, number>>,
): ResolvedLine | { field: string; message: string } {
  if (!found) return { field: 'article', message: INTEGRATION_MSG.articleUnknown };
  if (found.delisted_at !== null) return { field: 'article', message: ARTICLE_MSG.articleDelisted };
  if (found.listed_id === null) return { field: 'article', message: DOCUMENT_IMPORT_MSG.articleNotListed };
  const unit = line.unit ?? found.base_unit;
  const factor = units.get(found.id)?.get(unit) ?? (unit === found.base_unit ? 1 : undefined);
  if (factor === undefined) return { field: 'unit', message: INTEGRATION_MSG.unitUnknown };
  return { articleId: found.id, unit, factor, quantity: line.quantity };
}

/** A code line's article and unit by the app's own lookup (a case code counts in cases), or why not. */
async function codeLine(
  db: Db,
  scope: Scope,
  line: ImportLine,
): Promise<ResolvedLine | { field: string; message: string }> {
  try {
    const found = await lookupCode(db, scope, line.code ?? '');
    if (line.unit !== null && line.unit !== found.unit)
      return { field: 'unit', message: DOCUMENT_IMPORT_MSG.unitOfCode };
    return { articleId: found.article.idartstamm, unit: found.unit, factor: found.factor, quantity: line.quantity };
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    return { field: 'code', message: error.message };
  }
}

/**
 * Each document's lines as articles of its store: by article number (listed in the vkforg, not delisted, in one of
 * the article's units) or by code (the scan lookup). The first line that cannot be resolved refuses its
 * document, named by its path (`lines.3.unit`). Article numbers are asked once per store for all documents.
 */
export async function resolveImportLines(
  db: Db,
  documents: readonly { scope: Scope; lines: readonly ImportLine[] }[],
): Promise<LineResolution[]> {
  const scopeKey = (s: Scope) => `${s.firmaId}|${s.vkforgId}`;
  const numbers = new Map<string, { scope: Scope; numbers: Set<string> }>();
  for (const d of documents) {
    const entry = numbers.get(scopeKey(d.scope)) ?? { scope: d.scope, numbers: new Set<string>() };
    for (const l of d.lines) if (l.article !== null) entry.numbers.add(l.article);
    numbers.set(scopeKey(d.scope), entry);
  }
  const articles = new Map<string, ArticleByNumber>();
  const units = new Map<number, Map<string, number>>();
  for (const { scope, numbers: wanted } of numbers.values()) {
    if (wanted.size === 0) continue;
    const found = await repo.articlesByNumbers(db, scope.firmaId, scope.vkforgId, [...wanted]);
    for (const a of found) articles.set(`${scopeKey(scope)}|${a.number}`, a);
    const ids = found.filter((a) => !units.has(a.id)).map((a) => a.id);
    for (const u of await repo.unitsOfArticles(db, scope.firmaId, ids)) {
      const of = units.get(u.article_id) ?? new Map<string, number>();
      of.set(u.unit, Number(u.factor));
      units.set(u.article_id, of);
    }
  }
  const resolutions: LineResolution[] = [];
  for (const d of documents) {
    let refusal: { field: string; message: string } | undefined;
    const lines: ResolvedLine[] = [];
    for (const [i, line] of d.lines.entries()) {
      const resolved =
        line.article !== null
          ? numberLine(line, articles.get(`${scopeKey(d.scope)}|${line.article}`), units)
          : await codeLine(db, d.scope, line);
      if ('field' in resolved) {
        refusal = { field: `lines.${i}.${resolved.field}`, message: resolved.message };
        break;
      }
      if (toBase(resolved.quantity, resolved.factor) > BASE_QUANTITY_MAX) {
        refusal = { field: `lines.${i}.quantity`, message: DOCUMENT_IMPORT_MSG.baseQuantityTooLarge };
        break;
      }
      lines.push(resolved);
    }
    resolutions.push(refusal ?? { lines });
  }
  return resolutions;
}

/** A document's lines as the import compares them: article, unit, factor and quantity in order. */
export const comparableLines = (
  lines: readonly { articleId: number; unit: string; factor: number; quantity: number }[],
) => lines.map((l) => [l.articleId, l.unit, round3(l.factor), round3(l.quantity)]);

/** Stored lines in the same form. */
export const storedComparableLines = (
  rows: readonly { article_id: number; unit: string; factor: number | string; quantity: number | string }[],
) =>
  comparableLines(
    rows.map((r) => ({
      articleId: r.article_id,
      unit: r.unit,
      factor: Number(r.factor),
      quantity: Number(r.quantity),
    })),
  );

/** A purchase order from the ERP, with the ids of its store and supplier. */
export interface ImportedPurchaseOrder {
  /** Its place in the request, named by a refusal. */
  index: number;
  firmaId: number;
  vkforgId: number;
  supplierId: number;
  number: string;
  orderDate: string;
  deliveryDate: string;
  referenceNumber: string | null;
  barcode: string | null;
  lines: readonly ImportLine[];
}

/**
 * Purchase orders from the ERP, upserted by firma + store + order number in the caller's transaction: a new one
 * is stored with its lines, one equal to the stored order writes nothing, a changed one replaces header and lines
 * while no Warenverprobung has named it; once one has, a change is refused (the order is being checked).
 */
export async function upsertImportedPurchaseOrders(
  trx: Db,
  orders: readonly ImportedPurchaseOrder[],
): Promise<DocumentUpsertOutcome> {
  const outcome: DocumentUpsertOutcome = { inserted: 0, updated: 0, unchanged: 0, refused: [] };
  if (orders.length === 0) return outcome;
  await repo.lockOrderImport(trx);
  const resolutions = await resolveImportLines(
    trx,
    orders.map((o) => ({ scope: { firmaId: o.firmaId, vkforgId: o.vkforgId }, lines: o.lines })),
  );
  const key = (firmaId: number, vkforgId: number, number: string) => `${firmaId}|${vkforgId}|${number}`;
  const stored = new Map<string, Awaited<ReturnType<typeof repo.ordersForImport>>[number]>();
  const storedLines = new Map<number, Awaited<ReturnType<typeof repo.orderLinesForImport>>>();
  const inUse = new Set<string>();
  for (const firmaId of new Set(orders.map((o) => o.firmaId))) {
    const numbers = [...new Set(orders.filter((o) => o.firmaId === firmaId).map((o) => o.number))];
    const rows = await repo.ordersForImport(trx, firmaId, numbers);
    for (const r of rows) stored.set(key(firmaId, r.vkforg_id, r.number), r);
    const ids = rows.map((r) => Number(r.id));
    for (const l of await repo.orderLinesForImport(trx, firmaId, ids)) {
      const list = storedLines.get(Number(l.document_id));
      if (list) list.push(l);
      else storedLines.set(Number(l.document_id), [l]);
    }
    for (const id of await documentsInCaptures(trx, firmaId, 'BESTELLUNG', ids)) inUse.add(`${firmaId}|${id}`);
  }
  for (const [i, order] of orders.entries()) {
    const resolution = resolutions[i];
    if (!resolution || 'field' in resolution) {
      if (resolution) outcome.refused.push({ index: order.index, ...resolution });
      continue;
    }
    const header: repo.OrderHeader = {
      supplier_id: order.supplierId,
      order_date: order.orderDate,
      delivery_date: order.deliveryDate,
      reference_number: order.referenceNumber,
      barcode: order.barcode,
    };
    const lines = resolution.lines.map((l, n) => ({
      line_no: n + 1,
      firma_id: order.firmaId,
      article_id: l.articleId,
      unit: l.unit,
      factor: l.factor,
      quantity: l.quantity,
    }));
    const existing = stored.get(key(order.firmaId, order.vkforgId, order.number));
    if (!existing) {
      const inserted = await repo.insertOrder(trx, {
        ...header,
        firma_id: order.firmaId,
        vkforg_id: order.vkforgId,
        number: order.number,
      });
      if (!inserted) {
        outcome.refused.push({ index: order.index, field: 'number', message: DOCUMENT_IMPORT_MSG.createdMeanwhile });
        continue;
      }
      await repo.replaceOrderLines(trx, Number(inserted.id), lines);
      outcome.inserted++;
      continue;
    }
    const id = Number(existing.id);
    const same =
      JSON.stringify([
        existing.supplier_id,
        existing.order_date,
        existing.delivery_date,
        existing.reference_number,
        existing.barcode,
        storedComparableLines(storedLines.get(id) ?? []),
      ]) ===
      JSON.stringify([
        header.supplier_id,
        header.order_date,
        header.delivery_date,
        header.reference_number,
        header.barcode,
        comparableLines(resolution.lines),
      ]);
    if (same) outcome.unchanged++;
    else if (inUse.has(`${order.firmaId}|${id}`)) {
      outcome.refused.push({ index: order.index, field: '_', message: DOCUMENT_IMPORT_MSG.orderInProgress });
    } else {
      await repo.updateOrder(trx, id, header);
      await repo.replaceOrderLines(trx, id, lines);
      outcome.updated++;
    }
  }
  return outcome;
}
