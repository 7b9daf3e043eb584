import type { DeliveryNoteDetail } from '@mde/contracts';
import type { Db } from '../../db/database';
import { codesOf } from './capture-document-event';
import { recordEvent } from './record-event';

/** A booked delivery note as the ERP gets it: each line's counted quantity is the booked quantity. */
export async function recordDeliveryNoteBooking(
  trx: Db,
  writer: { firmaId: number; vkforgId: number; userId: number },
  note: DeliveryNoteDetail,
) {
  const codeOf = await codesOf(trx, writer.firmaId, note.lines);
  await recordEvent(trx, {
    type: 'delivery-note.booked',
    firmaId: writer.firmaId,
    vkforgId: writer.vkforgId,
    userId: writer.userId,
    document: {
      ...note,
      lines: note.lines.map((line) => ({ ...line, code: codeOf(line.articleId, line.unit), quantity: line.counted })),
    },
  });
}
