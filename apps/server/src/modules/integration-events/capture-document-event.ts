import type { CaptureDocumentDetail, EventType } from '@mde/contracts';
import type { Db } from '../../db/database';
import { captureDocumentPayload } from './document-payload';
import { recordEvent } from './record-event';

interface Owner {
  firmaId: number;
  vkforgId: number;
  userId: number;
}

/** A capture module's exported document into the ERP feed, in the shape GET /documents/{id} answers too. */
export async function recordCaptureExport(trx: Db, owner: Owner, document: CaptureDocumentDetail) {
  await recordEvent(trx, {
    type: `${document.module}.exported` as EventType,
    firmaId: owner.firmaId,
    vkforgId: owner.vkforgId,
    userId: owner.userId,
    document: await captureDocumentPayload(trx, owner, document),
  });
}
