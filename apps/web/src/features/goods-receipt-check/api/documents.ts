import type { DocumentDetail, DocumentSummary, DocumentVariant } from '@mde/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { documentEndpoints } from './endpoints';
import { documentKeys } from './keys';

export const searchDocuments = (
  variante: DocumentVariant,
  filter: { nummer?: string; bezugsnummer?: string },
  signal?: AbortSignal,
) => apiFetch<DocumentSummary[]>(documentEndpoints.search(variante, filter), { signal });

export const scanDocument = (variante: DocumentVariant, code: string) =>
  apiFetch<DocumentDetail>(documentEndpoints.scan(variante, code));

/** Spec §7 loadKopf: the document's header with its lines. */
export const loadDocument = (variante: DocumentVariant, id: number, signal?: AbortSignal) =>
  apiFetch<DocumentDetail>(documentEndpoints.load(variante, id), { signal });

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
    // A document the server does not have is an answer (spec §8 text at once), not worth a retry.
    retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
  });

export const useDocumentSearch = (variante: DocumentVariant, nummer: string) =>
  useQuery(documentSearchQuery(variante, nummer));

export const useDocument = (variante: DocumentVariant | null | undefined, id: number | null | undefined) =>
  useQuery({ ...documentQuery(variante ?? 'BESTELLUNG', id ?? 0), enabled: !!variante && !!id });
