import type { DeliveryNoteDetail, DocumentSummary, GoodsReceiptStatus, UserContext } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { apiBaseUrl } from '../../../lib/connection-store';
import { queryClient } from '../../../lib/query-client';
import { serverOrDevice } from '../../../offline/server-or-device';
import { userContextQuery } from '../../../session/user-context';
import { listFromCopy } from '../model/offline-notes';
import { deliveryNoteEndpoints } from './endpoints';
import { deliveryNoteKeys } from './keys';
import { keepNoteInCopy, readNoteCopy } from './snapshot';

/** Counts of other users on the same note show up within this time (issue text: they see each other's counts). */
const DETAIL_REFRESH_MS = 5000;

// After an offline reload the context comes from the device too; the copy belongs to it.
const currentContext = (): Promise<UserContext | undefined> =>
  queryClient.ensureQueryData(userContextQuery()).catch(() => undefined);
const fromCopy = async <T>(pick: (copy: DeliveryNoteDetail[]) => T | undefined): Promise<T | undefined> => {
  const context = await currentContext();
  const copy = context ? await readNoteCopy(context) : undefined;
  return copy ? pick(copy) : undefined;
};

/** The vkforg's notes; without network the device's copy of the notes due around today. */
export const deliveryNotesQuery = (status: GoodsReceiptStatus | null, supplierId: number | null) =>
  queryOptions({
    queryKey: deliveryNoteKeys.list(status, supplierId),
    queryFn: ({ signal }) =>
      serverOrDevice(
        () => apiFetch<DocumentSummary[]>(deliveryNoteEndpoints.list({ status, supplierId }), { signal }),
        () => fromCopy((copy) => listFromCopy(copy, status, supplierId)),
      ),
  });

/** One note as the server has it (kept in the device's copy); without network the copy's. */
export const deliveryNoteQuery = (id: number) =>
  queryOptions({
    queryKey: deliveryNoteKeys.detail(id),
    queryFn: async ({ signal }) => {
      const answer = await serverOrDevice(
        () => apiFetch<DeliveryNoteDetail>(deliveryNoteEndpoints.detail(id), { signal }),
        () => fromCopy((copy) => copy.find((n) => n.id === id)),
      );
      const context = await currentContext();
      if (!answer.offline && context) await keepNoteInCopy(context, answer.data);
      return answer;
    },
    refetchInterval: DETAIL_REFRESH_MS,
  });

export const useDeliveryNotes = (status: GoodsReceiptStatus | null, supplierId: number | null) =>
  useQuery(deliveryNotesQuery(status, supplierId));
export const useDeliveryNote = (id: number) => useQuery(deliveryNoteQuery(id));

/** Where a booked note's file is downloaded (components/document-downloads.tsx links to it). */
export const noteDownloadUrl = (id: number, format: 'csv' | 'json') =>
  `${apiBaseUrl()}${deliveryNoteEndpoints.download(id, format)}`;
