import {
  type CaptureModule,
  DOCUMENT_TYPES,
  DOCUMENTS_MSG,
  type DocumentListQuery,
  type DocumentType,
  documentKindOf,
  type IntegrationDocument,
  type IntegrationDocumentList,
  isDocumentType,
  parseDocumentId,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { badRequest, notFound } from '../../lib/app-error';
import { findCaptureDocumentForErp, listCaptureDocumentsForErp } from '../captures/exported-documents.service';
import { findBookedNoteForErp, listBookedNotesForErp } from '../delivery-notes/delivery-notes.service';
import { comparePositions, decodeDocumentCursor, encodeDocumentCursor } from '../integration-events/document-list';

// The ERP's documents (GET /api/integration/v1/documents): every exported or booked document that still exists,
// also after its event left the feed. `firmaIds` is what the caller may see: 'all' today; an API key limited to
// some firmas passes those.

/** The firmas a caller may read: all, or a list. */
export type FirmaAccess = readonly number[] | 'all';

/** `types=a,b`: each must be a document type; absent or empty means all. */
function parseDocumentTypes(types: string | undefined): DocumentType[] {
  const list = (types ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const unknown = list.find((t) => !isDocumentType(t));
  if (unknown !== undefined) {
    const message = DOCUMENTS_MSG.unknownType(unknown);
    throw badRequest(message, { types: message });
  }
  return list.length === 0 ? [...DOCUMENT_TYPES] : (list as DocumentType[]);
}

/** Documents after the cursor, oldest first; `next` is empty on the last page. */
export async function listDocumentsForErp(
  db: Db,
  firmaIds: FirmaAccess,
  query: DocumentListQuery,
): Promise<IntegrationDocumentList> {
  if (query.from && query.to && query.from > query.to) {
    throw badRequest(DOCUMENTS_MSG.rangeReversed, { from: DOCUMENTS_MSG.rangeReversed });
  }
  const types = parseDocumentTypes(query.types);
  const modules = types.filter((t) => t !== 'delivery-note.booked').map((t) => documentKindOf(t) as CaptureModule);
  // One more than asked tells whether a next page exists.
  const filter = {
    firmaIds,
    firma: query.firma,
    vkforg: query.vkforg,
    from: query.from,
    to: query.to,
    after: decodeDocumentCursor(query.after),
    limit: query.limit + 1,
  };
  const [captured, booked] = await Promise.all([
    listCaptureDocumentsForErp(db, { ...filter, modules }),
    types.includes('delivery-note.booked') ? listBookedNotesForErp(db, filter) : [],
  ]);
  const merged = [...captured, ...booked].sort((a, b) => comparePositions(a.position, b.position));
  const page = merged.slice(0, query.limit);
  const last = page.at(-1);
  return {
    documents: page.map((d) => d.summary),
    next: merged.length > query.limit && last ? encodeDocumentCursor(last.position) : null,
  };
}

/** One document by its public id (`inventory-count-17`, `delivery-note-5`); 404 when there is none. */
export async function findDocumentForErp(db: Db, firmaIds: FirmaAccess, id: string): Promise<IntegrationDocument> {
  const parsed = parseDocumentId(id);
  const found =
    parsed === null
      ? undefined
      : parsed.kind === 'delivery-note'
        ? await findBookedNoteForErp(db, parsed.id, firmaIds)
        : await findCaptureDocumentForErp(db, parsed.kind, parsed.id, firmaIds);
  if (!found) throw notFound(DOCUMENTS_MSG.notFound);
  return found;
}
