import type { CaptureDocument, CaptureDocumentDetail, CaptureModule } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { apiBaseUrl } from '../../lib/connection-store';
import { captureEndpoints, captureKeys } from './endpoints';

export const documentsQuery = (module: CaptureModule, vkforgId: number) =>
  queryOptions({
    queryKey: captureKeys.documents(module, vkforgId),
    queryFn: ({ signal }) => apiFetch<CaptureDocument[]>(captureEndpoints.documents(module), { signal }),
  });
export const useDocuments = (module: CaptureModule, vkforgId: number) => useQuery(documentsQuery(module, vkforgId));

export const documentQuery = (module: CaptureModule, documentId: number) =>
  queryOptions({
    queryKey: captureKeys.document(module, documentId),
    queryFn: ({ signal }) => apiFetch<CaptureDocumentDetail>(captureEndpoints.document(module, documentId), { signal }),
  });
export const useDocument = (module: CaptureModule, documentId: number | null) =>
  useQuery({ ...documentQuery(module, documentId ?? 0), enabled: documentId !== null });

/** Where the document's file is downloaded (components/document-downloads.tsx links to it). */
export const documentDownloadUrl = (module: CaptureModule, documentId: number, format: 'csv' | 'json') =>
  `${apiBaseUrl()}${captureEndpoints.download(module, documentId, format)}`;
