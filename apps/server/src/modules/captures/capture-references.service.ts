import type { DocumentVariant } from '@mde/contracts';
import type { Db } from '../../db/database';
import { capturesNamingDocuments } from './captures.repository';

/**
 * Of the given documents, those a capture names (Warenverprobung's header: art and document), open or exported:
 * someone has started working on them in the app, so an import from the ERP no longer changes them.
 */
export async function documentsInCaptures(
  db: Db,
  firmaId: number,
  art: DocumentVariant,
  documentIds: readonly number[],
): Promise<Set<number>> {
  const rows = await capturesNamingDocuments(db, firmaId, art, documentIds);
  return new Set(rows.map((r) => Number(r.document_id)));
}
