import {
  DELIVERY_NOTE_MSG,
  type DeliveryNoteDetail,
  type DeliveryNoteImport,
  MODULES,
  type Permission,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error';
import '../articles/articles.tables';
import { lookupCode } from '../articles/article-lookup.service';
import { notifyDeliveryNoteArrived } from '../notifications/notifications.events';
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
  for (const user of await repo.usersSeeingNotes(trx, input.vkforgId, NOTE_READERS)) {
    await notifyDeliveryNoteArrived(trx, user.user_id, { id, number: input.number, supplierName: supplier.name });
  }
  return deliveryNoteDetail(trx, scope, id);
}
