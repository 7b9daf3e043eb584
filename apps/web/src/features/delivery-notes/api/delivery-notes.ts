import type { DeliveryNoteDetail, DocumentSummary, GoodsReceiptStatus } from '@mde/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { deviceBacked } from '../../../session/device-backed';
import { deliveryNoteEndpoints } from './endpoints';
import { deliveryNoteKeys } from './keys';

/** Counts of other users on the same note show up within this time (issue text: they see each other's counts). */
const DETAIL_REFRESH_MS = 5000;

export const deliveryNotesQuery = (status: GoodsReceiptStatus | null, supplierId: number | null) =>
  queryOptions({
    queryKey: deliveryNoteKeys.list(status, supplierId),
    queryFn: ({ signal }) =>
      apiFetch<DocumentSummary[]>(deliveryNoteEndpoints.list({ status, supplierId }), { signal }),
  });

export const deliveryNoteQuery = (id: number) =>
  queryOptions({
    queryKey: deliveryNoteKeys.detail(id),
    queryFn: ({ signal }) =>
      deviceBacked({
        key: (c) => `delivery-note:${c.firmaid}:${c.vkforgid}:${id}`,
        fetch: () => apiFetch<DeliveryNoteDetail>(deliveryNoteEndpoints.detail(id), { signal }),
      }),
    refetchInterval: DETAIL_REFRESH_MS,
  });

export const useDeliveryNotes = (status: GoodsReceiptStatus | null, supplierId: number | null) =>
  useQuery(deliveryNotesQuery(status, supplierId));
export const useDeliveryNote = (id: number) => useQuery(deliveryNoteQuery(id));

type NoteChange =
  | { kind: 'scan'; code: string }
  | { kind: 'correct'; articleId: number; quantity: number }
  | { kind: 'book' };

function send(id: number, change: NoteChange) {
  // Each change carries its own id: a resent one is applied once on the server.
  const changeId = crypto.randomUUID();
  if (change.kind === 'scan') {
    return apiFetch<DeliveryNoteDetail>(deliveryNoteEndpoints.scans(id), {
      method: 'POST',
      body: { changeId, code: change.code },
    });
  }
  if (change.kind === 'correct') {
    return apiFetch<DeliveryNoteDetail>(deliveryNoteEndpoints.count(id, change.articleId), {
      method: 'PUT',
      body: { changeId, quantity: change.quantity },
    });
  }
  return apiFetch<DeliveryNoteDetail>(deliveryNoteEndpoints.booking(id), { method: 'POST', body: { changeId } });
}

/** Scans, corrections and the booking of one note; the answer is the note as the server now has it. */
export function useNoteChange(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NoteChange) => send(id, change),
    onSuccess: (note) => {
      queryClient.setQueryData(deliveryNoteKeys.detail(id), note);
      void queryClient.invalidateQueries({ queryKey: deliveryNoteKeys.lists() });
    },
  });
}
