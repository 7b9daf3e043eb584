import type { DeliveryNoteDetail } from '@mde/contracts';
import { apiFetch } from '../../../lib/api-client';
import type { NoteChange } from '../offline/outbox-db';
import { deliveryNoteEndpoints } from './endpoints';

/** Sends one waiting change under its change key; answers the note as the server now has it. */
export function sendNoteChange(change: NoteChange): Promise<DeliveryNoteDetail> {
  const changeId = change.key;
  if (change.kind === 'scan') {
    return apiFetch<DeliveryNoteDetail>(deliveryNoteEndpoints.scans(change.noteId), {
      method: 'POST',
      body: { changeId, code: change.code },
    });
  }
  if (change.kind === 'correct') {
    return apiFetch<DeliveryNoteDetail>(deliveryNoteEndpoints.count(change.noteId, change.article?.articleId ?? 0), {
      method: 'PUT',
      body: { changeId, quantity: change.quantity },
    });
  }
  return apiFetch<DeliveryNoteDetail>(deliveryNoteEndpoints.booking(change.noteId), {
    method: 'POST',
    body: { changeId },
  });
}
