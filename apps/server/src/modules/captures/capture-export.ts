import {
  asksForEdi,
  CAPTURE_MSG,
  type CaptureDocumentDetail,
  type CaptureExportInput,
  type CaptureExportResult,
  type CaptureModule,
  type DocumentResult,
  type ModuleConfig,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { badRequest } from '../../lib/app-error';
import { notifyDocumentStored } from '../notifications/notifications.events';
import { findSupplier, loadArticleFacts, loadBookStock } from './article-facts.repository';
import { findUserName, insertDocument, nextDocumentSequence } from './capture-documents.repository';
import { documentFromRow } from './capture-mappers';
import type { WriterSession } from './capture-writer';
import {
  assignLinesToDocument,
  type CaptureRow,
  findCaptureByExportKey,
  type LineWithArticle,
  listCaptureLines,
  lockOpenCapture,
  markExported,
} from './captures.repository';
import type { ArticleFacts } from './rules/article-facts';
import { reorderQuantities } from './rules/article-stock';
import { formatDocumentNumber } from './rules/document-number';
import { inventoryDifferences } from './rules/inventory-count';
import { missingHeader } from './rules/line-rules';
import { groupBySupplier } from './rules/ordering';

interface PlannedDocument {
  supplierId: number | null;
  lines: LineWithArticle[];
  result: DocumentResult | null;
}

/**
 * Turns the open capture into the module's document(s), once (ARCHITECTURE.md idempotent writes): the
 * export key is stored with the answer in the same transaction, and a retry, also one that waited on
 * the capture's lock while the first export ran, gets that answer back.
 */
export async function exportCapture(
  trx: Db,
  session: WriterSession,
  module: CaptureModule,
  key: string,
  input: CaptureExportInput,
  config: ModuleConfig,
): Promise<CaptureExportResult> {
  const done = await findCaptureByExportKey(trx, session.userId, module, key);
  if (done?.export_result) return done.export_result as CaptureExportResult;
  const capture = await lockOpenCapture(trx, { ...session, module });
  if (!capture) {
    const late = await findCaptureByExportKey(trx, session.userId, module, key);
    if (late?.export_result) return late.export_result as CaptureExportResult;
    throw badRequest(CAPTURE_MSG.emptyCapture);
  }
  const lines = await listCaptureLines(trx, capture.id);
  if (lines.length === 0) throw badRequest(CAPTURE_MSG.emptyCapture);
  const header = {
    datum: capture.datum,
    lager: capture.lager,
    belegdatum: capture.belegdatum,
    supplierId: capture.supplier_id,
  };
  const headerProblem =
    missingHeader({ module, header }) ??
    (module === 'mde-bestellung' && !capture.datum ? CAPTURE_MSG.orderingHeaderMissing : undefined);
  if (headerProblem) throw badRequest(headerProblem);
  // Spec §5: with BESTELLUNGEN_EDI = 'frage' the user answers the EDI question; otherwise it is not asked.
  const asksEdi = (module === 'mde-bestellung' || module === 'mde-artikelvorrat') && asksForEdi(config, module);
  if (asksEdi && input.edi === undefined) throw badRequest(CAPTURE_MSG.ediRequired, { edi: CAPTURE_MSG.ediRequired });
  const facts = await loadArticleFacts(
    trx,
    session,
    lines.map((l) => l.article_id),
  );

  const createdBy = await findUserName(trx, session.userId);
  const year = new Date().getFullYear();
  const documents: CaptureDocumentDetail[] = [];
  for (const planned of await planDocuments(trx, session.firmaId, module, capture, lines, facts)) {
    const sequence = await nextDocumentSequence(trx, session.firmaId, module, year);
    const values = {
      firma_id: session.firmaId,
      vkforg_id: session.vkforgId,
      user_id: session.userId,
      module,
      capture_id: capture.id,
      number: formatDocumentNumber(module, year, sequence),
      supplier_id: planned.supplierId,
      edi: asksEdi ? (input.edi ?? null) : null,
      datum: capture.datum,
      lager: capture.lager,
      belegdatum: capture.belegdatum,
      result: planned.result ? JSON.stringify(planned.result) : null,
    };
    const row = await insertDocument(trx, values);
    await notifyDocumentStored(trx, session.userId, values);
    await assignLinesToDocument(
      trx,
      row.id,
      planned.lines.map((l) => l.id),
    );
    const supplier =
      planned.supplierId === null ? undefined : await findSupplier(trx, session.firmaId, planned.supplierId);
    const shown = {
      ...values,
      id: row.id,
      created_at: row.created_at,
      created_by: createdBy,
      supplier_name: supplier?.name ?? null,
      line_count: planned.lines.length,
      result: planned.result,
    };
    documents.push(documentFromRow(shown, planned.lines));
  }
  const result: CaptureExportResult = { captureId: capture.id, documents };
  await markExported(trx, capture.id, key, result);
  return result;
}

/** One document per module, except Bestellung: one order per main supplier (MODULES.md). */
async function planDocuments(
  trx: Db,
  firmaId: number,
  module: CaptureModule,
  capture: CaptureRow,
  lines: LineWithArticle[],
  facts: Map<number, ArticleFacts>,
): Promise<PlannedDocument[]> {
  if (module === 'mde-bestellung') {
    const withSupplier = lines.map((line) => {
      const supplierId = facts.get(line.article_id)?.mainSupplier?.id;
      if (supplierId === undefined) throw badRequest(`${CAPTURE_MSG.noSupplier} (${line.article_number})`);
      return { ...line, supplierId };
    });
    return [...groupBySupplier(withSupplier)].map(([supplierId, group]) => ({
      supplierId,
      lines: group,
      result: null,
    }));
  }
  if (module === 'mde-inventur' && capture.lager !== null) {
    const book = await loadBookStock(
      trx,
      firmaId,
      capture.lager,
      lines.map((l) => l.article_id),
    );
    const rows = inventoryDifferences(lines.map(counted), book).map((r) => ({ ...r, ...names(facts, r.articleId) }));
    return [{ supplierId: null, lines, result: { kind: 'inventory', rows } }];
  }
  if (module === 'mde-artikelvorrat') {
    const rows = reorderQuantities(lines.map(counted), (id) => {
      const f = facts.get(id);
      return { targetStock: f?.targetStock ?? 0, orderFactor: f?.mainSupplier?.orderFactor ?? 1 };
    }).map((r) => {
      const supplier = facts.get(r.articleId)?.mainSupplier;
      return {
        ...r,
        ...names(facts, r.articleId),
        orderUnit: supplier?.orderUnit ?? facts.get(r.articleId)?.baseUnit ?? '',
        orderFactor: supplier?.orderFactor ?? 1,
      };
    });
    return [{ supplierId: null, lines, result: { kind: 'reorder', rows } }];
  }
  return [{ supplierId: module === 'mde-retouren' ? capture.supplier_id : null, lines, result: null }];
}

const counted = (l: LineWithArticle) => ({ articleId: l.article_id, quantity: l.quantity, factor: l.factor });
const names = (facts: Map<number, ArticleFacts>, id: number) => ({
  articleNumber: facts.get(id)?.number ?? '',
  designation: facts.get(id)?.designation ?? '',
});
