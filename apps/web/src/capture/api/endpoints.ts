import type { CaptureModule } from '@mde/contracts';

// The capture engine's API paths (server captures.routes.ts), in one place for every fetcher.
const base = '/v1/captures';
const id = (v: number | string) => encodeURIComponent(String(v));

export const captureEndpoints = {
  capture: (module: CaptureModule) => `${base}/${module}`,
  article: (module: CaptureModule, articleId: number) => `${base}/${module}/articles/${id(articleId)}`,
  documents: (module: CaptureModule) => `${base}/${module}/documents`,
  document: (module: CaptureModule, documentId: number) => `${base}/${module}/documents/${id(documentId)}`,
  /** The document as a file: CSV for German Excel, or JSON as the ERP gets it. */
  download: (module: CaptureModule, documentId: number, format: 'csv' | 'json') =>
    `${base}/${module}/documents/${id(documentId)}/download?format=${format}`,
  suppliers: (q: string) => `${base}/suppliers?q=${encodeURIComponent(q)}`,
} as const;

export const captureKeys = {
  all: ['capture'] as const,
  documents: (module: CaptureModule, vkforgId: number) => [...captureKeys.all, module, vkforgId, 'documents'] as const,
  document: (module: CaptureModule, documentId: number) =>
    [...captureKeys.all, module, 'document', documentId] as const,
  suppliers: (vkforgId: number, q: string) => [...captureKeys.all, 'suppliers', vkforgId, q] as const,
  article: (module: CaptureModule, vkforgId: number, articleId: number) =>
    [...captureKeys.all, module, vkforgId, 'article', articleId] as const,
};

export { isOffline } from '../../lib/online';
