import {
  type CaptureModule,
  type DocumentFormat,
  type IntegrationDocument,
  type IntegrationDocumentSummary,
  publicDocumentId,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import { documentDownload as downloadOf } from '../integration-events/document-file';
import type { DocumentListFilter, DocumentPosition } from '../integration-events/document-list';
import { captureDocumentPayload, documentEnvelope } from '../integration-events/document-payload';
import {
  type DocumentRow,
  documentLines,
  findDocument,
  findExportedDocument,
  listExportedDocuments,
} from './capture-documents.repository';
import { documentFromRow } from './capture-mappers';

// The capture modules' exported documents as the ERP reads them (GET /api/integration/v1/documents) and as the
// app downloads them: the event's document with its envelope (integration-events/document-payload.ts).

/** The document with its envelope; its `document` is what the export's event carried. */
async function envelopeOf(db: Db, row: DocumentRow): Promise<IntegrationDocument> {
  const detail = documentFromRow(row, await documentLines(db, row.id));
  const owner = { firmaId: row.firma_id, vkforgId: row.vkforg_id };
  return documentEnvelope(
    {
      ...owner,
      kind: row.module,
      id: row.id,
      time: new Date(row.created_at),
      user: { id: row.user_id, name: row.user_name },
    },
    await captureDocumentPayload(db, owner, detail),
  );
}

/** An exported document of one of the firmas given; undefined when there is none. */
export async function findCaptureDocumentForErp(
  db: Db,
  module: CaptureModule,
  id: number,
  firmaIds: readonly number[] | 'all',
): Promise<IntegrationDocument | undefined> {
  const row = await findExportedDocument(db, id, module, firmaIds);
  return row && envelopeOf(db, row);
}

/** A page of exported documents after the cursor, with each one's place in the list. */
export async function listCaptureDocumentsForErp(
  db: Db,
  filter: DocumentListFilter & { modules: readonly CaptureModule[] },
): Promise<{ summary: IntegrationDocumentSummary; position: DocumentPosition }[]> {
  const rows = await listExportedDocuments(db, filter);
  return rows.map((row) => ({
    summary: {
      id: publicDocumentId(row.module, row.id),
      type: `${row.module}.exported`,
      number: row.number,
      time: new Date(row.created_at).toISOString(),
      firma: row.firma_id,
      vkforg: row.vkforg_id,
      erp: { firma: row.firma_id, vkforg: row.vkforg_number },
      lineCount: Number(row.line_count ?? 0),
    },
    position: { micros: row.micros, rank: 0, id: row.id },
  }));
}

type Session = Pick<AuthContext, 'userId' | 'firmaId' | 'vkforgId'>;

/**
 * One of the session's store's documents as a file to download, CSV or JSON, behind the module's permission
 * like the document itself: another store's or firma's document is not found (404).
 */
export async function documentDownload(
  db: Db,
  session: Session,
  module: CaptureModule,
  id: number,
  format: DocumentFormat,
) {
  const row = await findDocument(db, { ...session, module }, id);
  if (!row) throw notFound();
  return downloadOf(await envelopeOf(db, row), format);
}
