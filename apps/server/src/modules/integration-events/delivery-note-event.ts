import type { DeliveryNoteDetail } from '@mde/contracts';
import type { Db } from '../../db/database';
import { deliveryNotePayload } from './document-payload';
import { recordEvent } from './record-event';

/** A booked delivery note into the ERP feed, in the shape GET /documents/{id} answers too. */
export async function recordDeliveryNoteBooking(
  trx: Db,
  writer: { firmaId: number; vkforgId: number; userId: number },
  note: DeliveryNoteDetail,
) {
  await recordEvent(trx, {
    type: 'delivery-note.booked',
    firmaId: writer.firmaId,
    vkforgId: writer.vkforgId,
    userId: writer.userId,
    document: await deliveryNotePayload(trx, writer, note),
  });
}
