import { createHash } from 'node:crypto';
import {
  addQuantities,
  DELIVERY_NOTE_MSG,
  type DeliveryNoteDetail,
  type DeliveryNoteLine,
  type DeliveryNoteListQuery,
  type DocumentDetail,
  type DocumentFormat,
  type DocumentSummary,
  IDEMPOTENCY_MSG,
  type IntegrationDocument,
  type IntegrationDocumentSummary,
  publicDocumentId,
  round3,
  subtractQuantities,
  toBase,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { addStock } from '../article-stock/article-stock.service';
import { lookupCode } from '../articles/article-lookup.service';
import { recordDeliveryNoteBooking } from '../integration-events/delivery-note-event';
import { documentDownload } from '../integration-events/document-file';
import type { DocumentListFilter, DocumentPosition } from '../integration-events/document-list';
import { deliveryNotePayload, documentEnvelope } from '../integration-events/document-payload';
import {
  findGoodsReceipt,
  goodsReceiptsDueSoon,
  listGoodsReceipts,
} from '../receiving-documents/receiving-documents.service';
import * as repo from './delivery-notes.repository';

export type Scope = repo.Scope;
export interface Writer extends Scope {
  userId: number;
}

const noteNotFound = () => notFound(DELIVERY_NOTE_MSG.notFound);
const alreadyBooked = () => conflict('ALREADY_BOOKED', DELIVERY_NOTE_MSG.alreadyBooked);

export const listDeliveryNotes = (db: Db, scope: Scope, query: DeliveryNoteListQuery): Promise<DocumentSummary[]> =>
  listGoodsReceipts(db, scope, query);

/**
 * The note's lines with expected and counted quantity in the note's unit, then the counted articles the note
 * does not list (surplus, flagged), in their base unit.
 */
function noteLines(note: DocumentDetail, counts: readonly repo.CountRow[]): DeliveryNoteLine[] {
  const counted = new Map(counts.map((c) => [c.article_id, Number(c.counted)]));
  const expectedBase = new Map<number, number>();
  for (const l of note.lines) {
    expectedBase.set(l.articleId, addQuantities(expectedBase.get(l.articleId) ?? 0, toBase(l.quantity, l.factor)));
  }
  const seen = new Set<number>();
  const lines: DeliveryNoteLine[] = [];
  for (const l of note.lines) {
    if (seen.has(l.articleId)) continue;
    seen.add(l.articleId);
    const expected = round3((expectedBase.get(l.articleId) ?? 0) / l.factor);
    const count = round3((counted.get(l.articleId) ?? 0) / l.factor);
    lines.push({
      articleId: l.articleId,
      articleNumber: l.articleNumber,
      designation: l.designation,
      unit: l.unit,
      factor: l.factor,
      expected,
      counted: count,
      difference: subtractQuantities(count, expected),
      unexpected: false,
    });
  }
  for (const c of counts) {
    if (seen.has(c.article_id)) continue;
    const count = Number(c.counted);
    lines.push({
      articleId: c.article_id,
      articleNumber: c.number,
      designation: c.designation1,
      unit: c.base_unit,
      factor: 1,
      expected: 0,
      counted: count,
      difference: count,
      unexpected: true,
    });
  }
  return lines;
}

async function loadNote(db: Db, scope: Scope, id: number): Promise<DocumentDetail> {
  const note = await findGoodsReceipt(db, scope, id);
  if (!note) throw noteNotFound();
  return note;
}

type BookingRow = Awaited<ReturnType<typeof repo.bookingOf>>;

const toDetail = (note: DocumentDetail, counts: readonly repo.CountRow[], booking: BookingRow): DeliveryNoteDetail => ({
  ...note,
  lines: noteLines(note, counts),
  bookedAt: booking?.booked_at ? new Date(booking.booked_at).toISOString() : null,
  bookedBy: booking?.booked_by_name ?? null,
  warehouseId: booking?.warehouse_id ?? null,
});

/**
 * Expected and counted quantity per article in its base unit, as stored: the booking adds these to stock.
 * The screen's figures in the note's unit are rounded to 3 decimals (one piece of a case of 12 shows as
 * 0.083), so multiplying them back would book 0.996 pieces for one counted piece.
 */
function baseQuantities(note: DocumentDetail, counts: readonly repo.CountRow[]) {
  const quantities = new Map<number, { expected: number; booked: number }>();
  for (const l of note.lines) {
    const entry = quantities.get(l.articleId) ?? { expected: 0, booked: 0 };
    entry.expected = addQuantities(entry.expected, toBase(l.quantity, l.factor));
    quantities.set(l.articleId, entry);
  }
  for (const c of counts) {
    const entry = quantities.get(c.article_id) ?? { expected: 0, booked: 0 };
    entry.booked = Number(c.counted);
    quantities.set(c.article_id, entry);
  }
  return quantities;
}

export async function deliveryNoteDetail(db: Db, scope: Scope, id: number): Promise<DeliveryNoteDetail> {
  const note = await loadNote(db, scope, id);
  return toDetail(note, await repo.listCounts(db, id), await repo.bookingOf(db, id));
}

/**
 * The vkforg's delivery notes due around today with their lines and counts, for the device: a note never
 * opened before can be counted and booked offline (the same window as the documents' offline copy).
 */
export async function deliveryNoteSnapshot(db: Db, scope: Scope): Promise<DeliveryNoteDetail[]> {
  const notes = await goodsReceiptsDueSoon(db, scope);
  const ids = notes.map((n) => n.id);
  const counts = await repo.listCountsOf(db, ids);
  const bookings = new Map((await repo.bookingsOf(db, ids)).map((b) => [Number(b.id), b]));
  return notes.map((note) =>
    toDetail(
      note,
      counts.filter((c) => Number(c.receipt_id) === note.id),
      bookings.get(note.id),
    ),
  );
}

/** What a change asked for: its kind, target and body, hashed (the app's outbox key must not carry another). */
const changeHash = (parts: unknown) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/** Locks the note for a change; a booked note takes no more changes (409). */
async function lockOpen(trx: Db, scope: Scope, id: number) {
  const locked = await repo.lockReceipt(trx, scope, id);
  if (!locked) throw noteNotFound();
  if (locked.status === 'gebucht') throw alreadyBooked();
  return locked;
}

/** A scan counts the article up by what the code stands for; an article the note lacks is counted as surplus. */
export async function countScan(trx: Db, writer: Writer, id: number, input: { changeId: string; code: string }) {
  await lockOpen(trx, writer, id);
  if (await repo.recordChange(trx, id, input.changeId, writer.userId, changeHash(['scan', input]))) {
    const found = await lookupCode(trx, writer, input.code);
    await repo.addCount(trx, {
      firmaId: writer.firmaId,
      receiptId: id,
      articleId: found.article.idartstamm,
      base: toBase(found.quantity, found.factor),
      userId: writer.userId,
    });
    await repo.setStatus(trx, id, 'in Prüfung');
  }
  return deliveryNoteDetail(trx, writer, id);
}

/** A corrected count, in the unit of the article's line (base unit for a surplus article). */
export async function correctCount(
  trx: Db,
  writer: Writer,
  id: number,
  articleId: number,
  input: { changeId: string; quantity: number },
) {
  await lockOpen(trx, writer, id);
  if (await repo.recordChange(trx, id, input.changeId, writer.userId, changeHash(['count', articleId, input]))) {
    const note = await loadNote(trx, writer, id);
    const counts = await repo.listCounts(trx, id);
    const line = note.lines.find((l) => l.articleId === articleId);
    if (!line && !counts.some((c) => c.article_id === articleId)) throw notFound(DELIVERY_NOTE_MSG.unexpectedArticle);
    await repo.setCount(trx, {
      firmaId: writer.firmaId,
      receiptId: id,
      articleId,
      base: toBase(input.quantity, line?.factor ?? 1),
      userId: writer.userId,
    });
    await repo.setStatus(trx, id, 'in Prüfung');
  }
  return deliveryNoteDetail(trx, writer, id);
}

/**
 * Books the receipt once: the counted quantities go into the warehouse's stock and each article's difference
 * to the note is recorded. The same booking sent again answers as before; another booking is refused (409).
 */
export async function bookNote(
  trx: Db,
  writer: Writer,
  id: number,
  input: { changeId: string; warehouseId?: number },
): Promise<DeliveryNoteDetail> {
  const locked = await repo.lockReceipt(trx, writer, id);
  if (!locked) throw noteNotFound();
  if (locked.status === 'gebucht') {
    if (locked.booked_change_id !== input.changeId) throw alreadyBooked();
    // A resend of the booking is answered as the first; the same key from another user or for another
    // warehouse is another request, refused like any reused Idempotency-Key.
    const otherWarehouse = input.warehouseId !== undefined && input.warehouseId !== locked.warehouse_id;
    if (locked.booked_by !== writer.userId || otherWarehouse) {
      throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MSG.keyReused);
    }
    return deliveryNoteDetail(trx, writer, id);
  }
  const warehouse = await repo.findWarehouse(trx, writer, input.warehouseId);
  if (!warehouse) throw notFound(DELIVERY_NOTE_MSG.unknownWarehouse);
  const note = await loadNote(trx, writer, id);
  const counts = await repo.listCounts(trx, id);
  const rows = [...baseQuantities(note, counts)].map(([articleId, { expected, booked }]) => ({
    receipt_id: id,
    article_id: articleId,
    firma_id: writer.firmaId,
    expected,
    booked,
    difference: subtractQuantities(booked, expected),
  }));
  await repo.insertBookingLines(trx, rows);
  await addStock(
    trx,
    rows
      .filter((r) => r.booked > 0)
      .map((r) => ({
        firma_id: writer.firmaId,
        vkforg_id: writer.vkforgId,
        warehouse_id: warehouse.id,
        article_id: r.article_id,
        quantity: r.booked,
      })),
  );
  await repo.markBooked(trx, id, { userId: writer.userId, changeId: input.changeId, warehouseId: warehouse.id });
  const booked = await deliveryNoteDetail(trx, writer, id);
  // The ERP gets the booking in the feed in this same transaction (integration events).
  await recordDeliveryNoteBooking(trx, writer, booked);
  return booked;
}

// Booked delivery notes as the ERP reads them (GET /api/integration/v1/documents): the booking event's document
// with its envelope, built by the same function (integration-events/document-payload.ts).

/** A booked note of one of the firmas given; undefined when there is none (or it is not booked). */
export async function findBookedNoteForErp(
  db: Db,
  id: number,
  firmaIds: readonly number[] | 'all',
): Promise<IntegrationDocument | undefined> {
  const row = await repo.findBookedNote(db, id, firmaIds);
  if (!row?.booked_at) return undefined;
  const owner = { firmaId: row.firma_id, vkforgId: row.vkforg_id };
  const note = await deliveryNoteDetail(db, owner, id);
  return documentEnvelope(
    {
      ...owner,
      kind: 'delivery-note',
      id,
      time: new Date(row.booked_at),
      user: row.booked_by === null ? null : { id: row.booked_by, name: row.booked_by_username ?? '' },
    },
    await deliveryNotePayload(db, owner, note),
  );
}

/** A page of booked notes after the cursor, with each one's place in the list. */
export async function listBookedNotesForErp(
  db: Db,
  filter: DocumentListFilter,
): Promise<{ summary: IntegrationDocumentSummary; position: DocumentPosition }[]> {
  const rows = await repo.listBookedNotes(db, filter);
  return rows.map((row) => ({
    summary: {
      id: publicDocumentId('delivery-note', row.id),
      type: 'delivery-note.booked',
      number: row.number,
      time: new Date(row.booked_at ?? 0).toISOString(),
      firma: row.firma_id,
      vkforg: row.vkforg_id,
      erp: { firma: row.firma_id, vkforg: row.vkforg_number },
      lineCount: Number(row.line_count ?? 0),
    },
    position: { micros: row.micros, rank: 1, id: row.id },
  }));
}

/**
 * A booked note of the session's store as a file, CSV for Excel or JSON as the ERP gets it; a note not booked
 * yet, or of another store or firma, is not found.
 */
export async function bookedNoteDownload(db: Db, scope: Scope, id: number, format: DocumentFormat) {
  const envelope = await findBookedNoteForErp(db, id, [scope.firmaId]);
  if (!envelope || envelope.vkforg !== scope.vkforgId) throw noteNotFound();
  return documentDownload(envelope, format);
}
