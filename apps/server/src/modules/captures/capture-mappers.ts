import {
  type CaptureDocumentDetail,
  type CaptureLine,
  type CaptureLineValues,
  type DocumentResult,
  lineValuesOf,
} from '@mde/contracts';
import type { DocumentRow } from './capture-documents.repository';
import type { LineWithArticle } from './captures.repository';
import { rowFromValues, valuesFromRow } from './line-columns';

/** A line as the writer holds it in memory between reading and the batched write. */
export interface LineState extends CaptureLineValues {
  id: number | undefined;
  captureId: number;
  captureStatus: 'open' | 'exported';
  clientId: string;
  articleId: number;
  articleNumber: string;
  designation: string;
  warnings: string[];
  capturedAt: Date;
  clientUpdatedAt: Date;
  deviceId: string | null;
  deleted: boolean;
  version: number;
  updatedAt: Date;
}

export const lineStateFromRow = (row: LineWithArticle & { capture_status: 'open' | 'exported' }): LineState => ({
  id: row.id,
  captureId: row.capture_id,
  captureStatus: row.capture_status,
  clientId: row.client_id,
  articleId: row.article_id,
  articleNumber: row.article_number,
  designation: row.designation,
  ...valuesFromRow(row),
  warnings: row.warnings,
  capturedAt: row.captured_at,
  clientUpdatedAt: row.client_updated_at,
  deviceId: row.device_id,
  deleted: row.deleted,
  version: row.version,
  updatedAt: row.updated_at,
});

export const lineFromState = (s: LineState): CaptureLine => ({
  id: s.id ?? 0,
  clientId: s.clientId,
  articleId: s.articleId,
  articleNumber: s.articleNumber,
  designation: s.designation,
  ...lineValuesOf(s),
  warnings: s.warnings,
  capturedAt: s.capturedAt.toISOString(),
  updatedAt: s.clientUpdatedAt.toISOString(),
  deleted: s.deleted,
  version: s.version,
});

export const lineFromRow = (row: LineWithArticle): CaptureLine =>
  lineFromState(lineStateFromRow({ ...row, capture_status: 'open' }));

export function documentFromRow(row: Omit<DocumentRow, 'user_name'>, lines: LineWithArticle[]): CaptureDocumentDetail {
  return {
    id: row.id,
    number: row.number,
    module: row.module,
    supplierId: row.supplier_id,
    supplierName: row.supplier_name,
    edi: row.edi,
    datum: row.datum,
    lager: row.lager,
    belegdatum: row.belegdatum,
    lineCount: Number(row.line_count ?? 0),
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    lines: lines.map(lineFromRow),
    result: (row.result as DocumentResult | null) ?? null,
    position: row.position ?? null,
  };
}

/** The row the batched upsert writes for a line (jsonb goes as text: node-postgres would send an array literal). */
export const lineRowFromState = (s: LineState, owner: { firmaId: number; userId: number }) => ({
  capture_id: s.captureId,
  firma_id: owner.firmaId,
  user_id: owner.userId,
  client_id: s.clientId,
  article_id: s.articleId,
  ...rowFromValues(s),
  warnings: JSON.stringify(s.warnings),
  captured_at: s.capturedAt,
  client_updated_at: s.clientUpdatedAt,
  device_id: s.deviceId,
  deleted: s.deleted,
  version: s.version,
  updated_at: s.updatedAt,
});
