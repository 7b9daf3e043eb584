import {
  type CaptureDocumentDetail,
  type CaptureDocumentPayload,
  type DeliveryNoteDetail,
  type DeliveryNotePayload,
  type DocumentKind,
  type ErpDocumentKeys,
  type IntegrationDocument,
  publicDocumentId,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import '../articles/articles.tables';
import { articleCodesOf, erpNumbersOf } from './integration-events.repository';

// One shape, one home: a document as the ERP gets it, in the feed, in a webhook, from GET /documents/{id} and as
// the app's download, is built here and nowhere else (docs/integration.md#belege-herunterladen).

/** Where a document was made, in internal ids. */
export interface DocumentOwner {
  firmaId: number;
  vkforgId: number;
}

/** The code of each article and unit (the GTIN the unit is scanned by), when the article has one. */
async function codesOf(trx: Db, firmaId: number, lines: readonly { articleId: number; unit: string }[]) {
  const articleIds = [...new Set(lines.map((l) => l.articleId))];
  const codes = articleIds.length === 0 ? [] : await articleCodesOf(trx, firmaId, articleIds);
  return (articleId: number, unit: string) =>
    codes.find((c) => c.article_id === articleId && c.unit === unit)?.gtin14 ?? null;
}

/** The ERP's keys of a document: its firma, and the numbers of its store, warehouse and supplier. */
async function erpKeysOf(
  db: Db,
  owner: DocumentOwner,
  ids: { warehouseId: number | null; supplierId: number | null },
): Promise<ErpDocumentKeys> {
  const numbers = await erpNumbersOf(db, { ...owner, ...ids });
  return { firma: owner.firmaId, ...numbers };
}

/**
 * A capture module's exported document as the ERP gets it: the document as the app shows it, its ERP keys, and
 * each line with the code of its article and unit, when the article has one.
 */
export async function captureDocumentPayload(
  db: Db,
  owner: DocumentOwner,
  document: CaptureDocumentDetail,
): Promise<CaptureDocumentPayload> {
  const codeOf = await codesOf(db, owner.firmaId, document.lines);
  return {
    ...document,
    erp: await erpKeysOf(db, owner, { warehouseId: document.lager, supplierId: document.supplierId }),
    lines: document.lines.map((line) => ({
      articleNumber: line.articleNumber,
      code: codeOf(line.articleId, line.unit),
      designation: line.designation,
      quantity: line.quantity,
      unit: line.unit,
      factor: line.factor,
      reason: line.reason,
      storageLocation: line.storageLocation,
      // Only on lines that carry them (Inventur, Warenverprobung): the other modules' events stay as they were.
      ...(line.batch && { batch: line.batch }),
      ...(line.bestBefore && { bestBefore: line.bestBefore }),
      capturedAt: line.capturedAt,
    })),
    result: (document.result as CaptureDocumentPayload['result']) ?? null,
  };
}

/** A booked delivery note as the ERP gets it: each line's counted quantity is the booked quantity. */
export async function deliveryNotePayload(
  db: Db,
  owner: DocumentOwner,
  note: DeliveryNoteDetail,
): Promise<DeliveryNotePayload> {
  const codeOf = await codesOf(db, owner.firmaId, note.lines);
  return {
    ...note,
    erp: await erpKeysOf(db, owner, { warehouseId: note.warehouseId, supplierId: note.supplierId }),
    lines: note.lines.map((line) => ({ ...line, code: codeOf(line.articleId, line.unit), quantity: line.counted })),
  };
}

/** Who made the document and when, for its envelope. */
export interface DocumentFacts extends DocumentOwner {
  kind: DocumentKind;
  id: number;
  time: Date;
  user: { id: number; name: string } | null;
}

/** A document with its envelope, as GET /documents/{id} answers it and the app's JSON download holds it. */
export const documentEnvelope = (
  facts: DocumentFacts,
  document: CaptureDocumentPayload | DeliveryNotePayload,
): IntegrationDocument => ({
  id: publicDocumentId(facts.kind, facts.id),
  type: facts.kind === 'delivery-note' ? 'delivery-note.booked' : `${facts.kind}.exported`,
  time: facts.time.toISOString(),
  firma: facts.firmaId,
  vkforg: facts.vkforgId,
  user: facts.user,
  erp: { firma: document.erp.firma, vkforg: document.erp.vkforg },
  document,
});
