import {
  DELIVERY_NOTE_MSG,
  type DeliveryNoteDetail,
  type DeliveryNoteImport,
  DOCUMENT_IMPORT_MSG,
  MODULES,
  type Permission,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error';
import '../articles/articles.tables';
import { lookupCode } from '../articles/article-lookup.service';
import { documentsInCaptures } from '../captures/capture-references.service';
import { notifyDeliveryNoteArrived } from '../notifications/notifications.events';
import {
  comparableLines,
  type DocumentUpsertOutcome,
  type ImportLine,
  resolveImportLines,
  storedComparableLines,
} from '../receiving-documents/receiving-documents.service';
import * as repo from './delivery-note-import.repository';
import { deliveryNoteDetail, type Writer } from './delivery-notes.service';

const notesModule = MODULES.find((m) => m.name === 'delivery-notes');
/** docs/spec.md §6: who edits the notes, and who opens them read-only; both are told when one arrives. */
export const NOTE_READERS: Permission[] = notesModule
  ? [notesModule.permission, ...('readPermission' in notesModule ? [notesModule.readPermission] : [])]
  : [];

/** Each line's article from the vkforg's catalogue; an unknown code names its position (nothing is written). */
async function resolveLines(trx: Db, scope: { firmaId: number; vkforgId: number }, input: DeliveryNoteImport) {
  const lines = [];
  for (const [index, line] of input.lines.entries()) {
    try {
      const found = await lookupCode(trx, scope, line.articleCode);
      lines.push({
        articleId: found.article.idartstamm,
        unit: found.unit,
        factor: found.factor,
        quantity: line.quantity,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const message = DELIVERY_NOTE_MSG.lineError(index + 1, error.message);
      throw badRequest(message, { [`lines.${index}.articleCode`]: error.message });
    }
  }
  return lines;
}

/**
 * A delivery note arrives from an ERP or EDI link: stored with its lines as an open goods receipt of the
 * vkforg, and everyone who may open the vkforg's notes is told, in the same transaction (no notice of a note
 * that was rolled back). Another note of the same supplier and number is refused (409); a resend under its
 * Idempotency-Key is answered by the route (lib/idempotency.ts) with the first answer.
 */
export async function importDeliveryNote(
  trx: Db,
  writer: Writer,
  input: DeliveryNoteImport,
): Promise<DeliveryNoteDetail> {
  if (!(await repo.userVkforg(trx, writer.userId, writer.firmaId, input.vkforgId))) {
    throw forbidden(DELIVERY_NOTE_MSG.unknownVkforg);
  }
  const supplier = await repo.supplierByNumber(trx, writer.firmaId, input.supplierNumber);
  if (!supplier)
    throw badRequest(DELIVERY_NOTE_MSG.unknownSupplier, { supplierNumber: DELIVERY_NOTE_MSG.unknownSupplier });
  const scope = { firmaId: writer.firmaId, vkforgId: input.vkforgId };
  const lines = await resolveLines(trx, scope, input);
  const order = input.orderNumber
    ? await repo.orderByNumber(trx, { ...scope, supplierId: supplier.id }, input.orderNumber)
    : undefined;
  const inserted = await repo.insertReceipt(trx, {
    firma_id: writer.firmaId,
    vkforg_id: input.vkforgId,
    supplier_id: supplier.id,
    number: input.number,
    reference_number: input.orderNumber ?? null,
    order_id: order ? Number(order.id) : null,
    receipt_date: input.date,
    barcode: input.barcode ?? null,
  });
  if (!inserted) throw conflict('DUPLICATE_DELIVERY_NOTE', DELIVERY_NOTE_MSG.duplicate);
  const id = Number(inserted.id);
  await repo.insertReceiptLines(
    trx,
    lines.map((l, i) => ({
      receipt_id: id,
      line_no: i + 1,
      firma_id: writer.firmaId,
      article_id: l.articleId,
      unit: l.unit,
      factor: l.factor,
      quantity: l.quantity,
    })),
  );
  await announceNote(trx, input.vkforgId, { id, number: input.number, supplierName: supplier.name });
  return deliveryNoteDetail(trx, scope, id);
}

/** Everyone who may open the vkforg's notes is told of a new one, in the caller's transaction. */
async function announceNote(trx: Db, vkforgId: number, note: { id: number; number: string; supplierName: string }) {
  for (const user of await repo.usersSeeingNotes(trx, vkforgId, NOTE_READERS)) {
    await notifyDeliveryNoteArrived(trx, user.user_id, note);
  }
}

/** A delivery note from the ERP's integration import, with the ids of its store and supplier. */
export interface ImportedDeliveryNote {
  /** Its place in the request, named by a refusal. */
  index: number;
  firmaId: number;
  vkforgId: number;
  supplier: { id: number; name: string };
  number: string;
  date: string;
  orderNumber: string | null;
  barcode: string | null;
  lines: readonly ImportLine[];
}

/**
 * Delivery notes from the ERP (PUT /api/integration/v1/delivery-notes, `npm run import`), upserted in the
 * caller's transaction by firma + vkforg + supplier + note number, the key the notes have in the app. A new note
 * is stored open with its lines and announced like one from the app's own import route; one equal to the stored
 * note writes nothing and tells no one; a changed one replaces header and lines while it is still open and no
 * Warenverprobung has named it. Once someone counts or checks it, a change is refused (it is being checked).
 */
export async function upsertImportedDeliveryNotes(
  trx: Db,
  notes: readonly ImportedDeliveryNote[],
): Promise<DocumentUpsertOutcome> {
  const outcome: DocumentUpsertOutcome = { inserted: 0, updated: 0, unchanged: 0, refused: [] };
  if (notes.length === 0) return outcome;
  await repo.lockNoteImport(trx);
  const resolutions = await resolveImportLines(
    trx,
    notes.map((n) => ({ scope: { firmaId: n.firmaId, vkforgId: n.vkforgId }, lines: n.lines })),
  );
  const key = (firmaId: number, vkforgId: number, supplierId: number, number: string) =>
    `${firmaId}|${vkforgId}|${supplierId}|${number}`;
  const stored = new Map<string, Awaited<ReturnType<typeof repo.receiptsForImport>>[number]>();
  const storedLines = new Map<number, Awaited<ReturnType<typeof repo.receiptLinesForImport>>>();
  const checked = new Set<string>();
  for (const firmaId of new Set(notes.map((n) => n.firmaId))) {
    const numbers = [...new Set(notes.filter((n) => n.firmaId === firmaId).map((n) => n.number))];
    const rows = await repo.receiptsForImport(trx, firmaId, numbers);
    for (const r of rows) stored.set(key(firmaId, r.vkforg_id, r.supplier_id, r.number), r);
    const ids = rows.map((r) => Number(r.id));
    for (const l of await repo.receiptLinesForImport(trx, firmaId, ids)) {
      const list = storedLines.get(Number(l.receipt_id));
      if (list) list.push(l);
      else storedLines.set(Number(l.receipt_id), [l]);
    }
    // Warenverprobung checks a delivery against its goods receipt too.
    for (const id of await documentsInCaptures(trx, firmaId, 'WARENUEBERNAHME', ids)) checked.add(`${firmaId}|${id}`);
  }
  for (const [i, note] of notes.entries()) {
    const resolution = resolutions[i];
    if (!resolution || 'field' in resolution) {
      if (resolution) outcome.refused.push({ index: note.index, ...resolution });
      continue;
    }
    const scope = { firmaId: note.firmaId, vkforgId: note.vkforgId };
    const lines = resolution.lines.map((l, n) => ({
      line_no: n + 1,
      firma_id: note.firmaId,
      article_id: l.articleId,
      unit: l.unit,
      factor: l.factor,
      quantity: l.quantity,
    }));
    const orderId = async () => {
      if (!note.orderNumber) return null;
      const order = await repo.orderByNumber(trx, { ...scope, supplierId: note.supplier.id }, note.orderNumber);
      return order ? Number(order.id) : null;
    };
    const existing = stored.get(key(note.firmaId, note.vkforgId, note.supplier.id, note.number));
    if (!existing) {
      const inserted = await repo.insertReceipt(trx, {
        firma_id: note.firmaId,
        vkforg_id: note.vkforgId,
        supplier_id: note.supplier.id,
        number: note.number,
        reference_number: note.orderNumber,
        order_id: await orderId(),
        receipt_date: note.date,
        barcode: note.barcode,
      });
      if (!inserted) {
        outcome.refused.push({ index: note.index, field: 'number', message: DOCUMENT_IMPORT_MSG.createdMeanwhile });
        continue;
      }
      const id = Number(inserted.id);
      await repo.insertReceiptLines(
        trx,
        lines.map((l) => ({ ...l, receipt_id: id })),
      );
      await announceNote(trx, note.vkforgId, { id, number: note.number, supplierName: note.supplier.name });
      outcome.inserted++;
      continue;
    }
    const id = Number(existing.id);
    // The order link follows the order number: an order imported after its note is linked by the next change.
    const same =
      JSON.stringify([
        existing.receipt_date,
        existing.reference_number,
        existing.barcode,
        storedComparableLines(storedLines.get(id) ?? []),
      ]) === JSON.stringify([note.date, note.orderNumber, note.barcode, comparableLines(resolution.lines)]);
    if (same) outcome.unchanged++;
    else if (existing.status === 'gebucht') {
      outcome.refused.push({ index: note.index, field: '_', message: DOCUMENT_IMPORT_MSG.noteBooked });
    } else if (existing.status !== 'offen' || checked.has(`${note.firmaId}|${id}`)) {
      outcome.refused.push({ index: note.index, field: '_', message: DOCUMENT_IMPORT_MSG.noteInProgress });
    } else {
      await repo.updateReceipt(trx, id, {
        reference_number: note.orderNumber,
        order_id: await orderId(),
        receipt_date: note.date,
        barcode: note.barcode,
      });
      await repo.deleteReceiptLines(trx, id);
      await repo.insertReceiptLines(
        trx,
        lines.map((l) => ({ ...l, receipt_id: id })),
      );
      outcome.updated++;
    }
  }
  return outcome;
}
