import {
  type DocumentDetail,
  type DocumentSnapshot,
  type DocumentSummary,
  type DocumentVariant,
  HEADER_LOAD_FAILED,
  RECEIVING_MSG,
} from '@mde/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, networkError } from '../../../lib/api-client';
import { isOffline } from '../../../lib/online';
import { deviceBacked } from '../../../session/device-backed';
import { findInSnapshot, scanInSnapshot, searchInSnapshot } from '../model/offline-documents';
import { documentEndpoints } from './endpoints';
import { documentKeys } from './keys';

const snapshotSource = {
  key: (c: { firmaid: number; vkforgid: number }) => `receiving-documents:${c.firmaid}:${c.vkforgid}`,
  fetch: () => apiFetch<DocumentSnapshot>(documentEndpoints.snapshot),
};
/** Keeps the documents due around today on the device (online), for work without a network. */
export const refreshDocumentSnapshot = () =>
  deviceBacked(snapshotSource).then(
    () => undefined,
    () => undefined,
  );

/**
 * The server's answer; offline or unreachable, the device's copy answers instead. A document the copy lacks
 * is the server's 'not found', a device without a copy the German connection error.
 */
async function withOfflineCopy<T>(
  online: () => Promise<T>,
  offline: (snapshot: DocumentSnapshot) => T | undefined,
  notFound: string,
): Promise<T> {
  if (!isOffline()) {
    try {
      return await online();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0) throw error;
    }
  }
  // Offline deviceBacked reads the kept copy only.
  const snapshot = await deviceBacked(snapshotSource).catch(() => undefined);
  if (!snapshot) throw networkError();
  const found = offline(snapshot);
  if (found === undefined) throw new ApiError(notFound, 404, 'NOT_FOUND');
  return found;
}

const notFoundOf = (variante: DocumentVariant) =>
  variante === 'BESTELLUNG' ? RECEIVING_MSG.orderNotFound : RECEIVING_MSG.receiptNotFound;

export const searchDocuments = (
  variante: DocumentVariant,
  filter: { nummer?: string; bezugsnummer?: string },
  signal?: AbortSignal,
) =>
  withOfflineCopy(
    () => apiFetch<DocumentSummary[]>(documentEndpoints.search(variante, filter), { signal }),
    (s) => searchInSnapshot(s, { variante, ...filter }),
    notFoundOf(variante),
  );

export const scanDocument = (variante: DocumentVariant, code: string) =>
  withOfflineCopy(
    () => apiFetch<DocumentDetail>(documentEndpoints.scan(variante, code)),
    (s) => scanInSnapshot(s, variante, code),
    notFoundOf(variante),
  );

/** docs/spec.md §7 loadKopf: the document's header with its lines. */
export const loadDocument = (variante: DocumentVariant, id: number, signal?: AbortSignal) =>
  withOfflineCopy(
    () => apiFetch<DocumentDetail>(documentEndpoints.load(variante, id), { signal }),
    (s) => findInSnapshot(s, variante, id),
    HEADER_LOAD_FAILED,
  );

export const documentSearchQuery = (variante: DocumentVariant, nummer: string, bezugsnummer = '') =>
  queryOptions({
    queryKey: documentKeys.search(variante, nummer, bezugsnummer),
    queryFn: ({ signal }) => searchDocuments(variante, { nummer, bezugsnummer }, signal),
    placeholderData: keepPreviousData,
  });

// A loaded document does not change while it is counted: kept for the whole shift (the comparison needs it).
export const documentQuery = (variante: DocumentVariant, id: number) =>
  queryOptions({
    queryKey: documentKeys.document(variante, id),
    queryFn: ({ signal }) => loadDocument(variante, id, signal),
    staleTime: 12 * 3_600_000,
    gcTime: 12 * 3_600_000,
    // A document the server does not have is an answer (docs/spec.md §8 text at once), not worth a retry.
    retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
  });

export const useDocumentSearch = (variante: DocumentVariant, nummer: string) =>
  useQuery(documentSearchQuery(variante, nummer));

export const useDocument = (variante: DocumentVariant | null | undefined, id: number | null | undefined) =>
  useQuery({ ...documentQuery(variante ?? 'BESTELLUNG', id ?? 0), enabled: !!variante && !!id });
