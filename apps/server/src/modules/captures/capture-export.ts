import {
  asksForEdi,
  CAPTURE_MSG,
  type CaptureDocumentDetail,
  type CaptureExportInput,
  type CaptureExportResult,
  exportSeenOnScreen,
  type ModuleConfig,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { badRequest } from '../../lib/app-error';
import { recordCaptureExport } from '../integration-events/capture-document-event';
import { notifyDocumentStored } from '../notifications/notifications.events';
import { findSupplier, loadArticleFacts } from './article-facts.repository';
import { findUserName, insertDocument, nextDocumentSequence } from './capture-documents.repository';
import { documentFromRow } from './capture-mappers';
import type { CapturePolicy, ExportContext, PlannedDocument, WriterSession } from './capture-policy';
import {
  assignLinesToDocument,
  findCaptureByExportKey,
  listCaptureLines,
  lockOpenCapture,
  markExported,
} from './captures.repository';
import { formatDocumentNumber } from './rules/document-number';

/**
 * Turns the open capture into the module's document(s), once (docs/architecture.md#idempotent-writes): the
 * export key is stored with the answer in the same transaction, and a retry, also one that waited on
 * the capture's lock while the first export ran, gets that answer back.
 */
export async function exportCapture(
  trx: Db,
  session: WriterSession,
  policy: CapturePolicy,
  key: string,
  input: CaptureExportInput,
  config: ModuleConfig,
): Promise<CaptureExportResult> {
  const module = policy.info.key;
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
    art: capture.art,
    documentId: capture.document_id === null ? null : Number(capture.document_id),
  };
  const headerProblem = policy.headerProblem?.(header) ?? policy.exportHeaderProblem?.(header);
  if (headerProblem) throw badRequest(headerProblem);
  // docs/spec.md §5: with BESTELLUNGEN_EDI = 'frage' the user answers the EDI question; otherwise it is not asked.
  const asksEdi = policy.info.asksEdi && asksForEdi(config, policy.info.configName);
  if (asksEdi && input.edi === undefined) throw badRequest(CAPTURE_MSG.ediRequired, { edi: CAPTURE_MSG.ediRequired });
  const facts = await loadArticleFacts(
    trx,
    session,
    lines.map((l) => l.article_id),
  );

  const createdBy = await findUserName(trx, session.userId);
  const year = new Date().getFullYear();
  const documents: CaptureDocumentDetail[] = [];
  for (const planned of await planDocuments(policy, { trx, firmaId: session.firmaId, capture, lines, facts, config })) {
    const sequence = await nextDocumentSequence(trx, session.firmaId, module, year);
    const values = {
      firma_id: session.firmaId,
      vkforg_id: session.vkforgId,
      user_id: session.userId,
      module,
      capture_id: capture.id,
      number: formatDocumentNumber(policy.info.documentPrefix, year, sequence),
      supplier_id: planned.supplierId,
      edi: asksEdi ? (input.edi ?? null) : null,
      datum: capture.datum,
      lager: capture.lager,
      belegdatum: capture.belegdatum,
      result: planned.result ? JSON.stringify(planned.result) : null,
      // The position the device took when the user exported, also when the export waited offline (docs/spec.md §3).
      position: input.position ? JSON.stringify(input.position) : null,
    };
    const row = await insertDocument(trx, values);
    await notifyDocumentStored(trx, session.userId, values, exportSeenOnScreen(input));
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
      position: input.position ?? null,
    };
    const document = documentFromRow(shown, planned.lines);
    // The ERP gets the document in the feed in this same transaction (integration events).
    await recordCaptureExport(trx, session, document);
    documents.push(document);
  }
  const result: CaptureExportResult = { captureId: capture.id, documents };
  await markExported(trx, capture.id, key, result);
  return result;
}

/** The module plans its document(s); by default one document of all lines (docs/modules.md#capture-engine). */
function planDocuments(policy: CapturePolicy, ctx: ExportContext): Promise<PlannedDocument[]> {
  if (policy.planDocuments) return policy.planDocuments(ctx);
  return Promise.resolve([{ supplierId: null, lines: ctx.lines, result: null }]);
}
