import {
  CAPTURE_DOCUMENT_DAYS,
  type Capture,
  type CaptureDocument,
  type CaptureDocumentDetail,
  type CaptureModule,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import { findSupplier } from './article-facts.repository';
import { documentLines, findDocument, listDocuments } from './capture-documents.repository';
import { documentFromRow, lineFromRow } from './capture-mappers';
import { findOpenCapture, listCaptureLines } from './captures.repository';

type Session = Pick<AuthContext, 'userId' | 'firmaId' | 'vkforgId'>;

/** The user's open capture of the module in the current context; empty (id null) before the first change. */
export async function getCapture(db: Db, session: Session, module: CaptureModule): Promise<Capture> {
  const capture = await findOpenCapture(db, { ...session, module });
  if (!capture) {
    const header = {
      datum: null,
      lager: null,
      belegdatum: null,
      supplierId: null,
      supplierName: null,
      art: null,
      documentId: null,
    };
    return { id: null, module, vkforgId: session.vkforgId, header, version: 0, lines: [] };
  }
  const lines = await listCaptureLines(db, capture.id);
  const supplier =
    capture.supplier_id === null ? undefined : await findSupplier(db, session.firmaId, capture.supplier_id);
  return {
    id: capture.id,
    module,
    vkforgId: capture.vkforg_id,
    header: {
      datum: capture.datum,
      lager: capture.lager,
      belegdatum: capture.belegdatum,
      supplierId: capture.supplier_id,
      supplierName: supplier?.name ?? null,
      art: capture.art,
      documentId: capture.document_id === null ? null : Number(capture.document_id),
    },
    version: capture.version,
    lines: lines.map(lineFromRow),
  };
}

/** Documents of the module in the session's vkforg from the last 30 days, newest first. */
export async function getDocuments(db: Db, session: Session, module: CaptureModule): Promise<CaptureDocument[]> {
  const since = new Date(Date.now() - CAPTURE_DOCUMENT_DAYS * 86_400_000);
  const rows = await listDocuments(db, { ...session, module }, since);
  return rows.map((row) => {
    const { lines: _lines, result: _result, ...document } = documentFromRow(row, []);
    return document;
  });
}

export async function getDocument(
  db: Db,
  session: Session,
  module: CaptureModule,
  id: number,
): Promise<CaptureDocumentDetail> {
  const row = await findDocument(db, { ...session, module }, id);
  if (!row) throw notFound();
  return documentFromRow(row, await documentLines(db, row.id));
}
