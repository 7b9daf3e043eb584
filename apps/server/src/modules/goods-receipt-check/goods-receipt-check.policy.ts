import {
  compareWithDocument,
  type GoodsReceiptCheckResult,
  goodsReceiptCheckHeaderProblem,
  goodsReceiptCheckModule,
  toleranceOf,
} from '@mde/contracts';
import type { CapturePolicy } from '../captures/capture-policy';
import { articleNames } from '../captures/rules/counted-lines';
import { loadDocument } from '../receiving-documents/receiving-documents.service';

/**
 * Warenverprobung: art (Bestellung or Warenübernahme) and the document first; the export compares the
 * counted quantities with the document's, article by article, with the tolerance of the module config.
 */
export const goodsReceiptCheckPolicy: CapturePolicy = {
  info: goodsReceiptCheckModule,
  headerProblem: goodsReceiptCheckHeaderProblem,
  planDocuments: async ({ trx, firmaId, capture, lines, facts, config }) => {
    if (capture.art === null || capture.document_id === null) return [{ supplierId: null, lines, result: null }];
    const scope = { firmaId, vkforgId: capture.vkforg_id };
    const document = await loadDocument(trx, scope, capture.art, Number(capture.document_id));
    const tolerance = toleranceOf(config);
    const counted = lines.map((l) => ({
      articleId: l.article_id,
      ...articleNames(facts, l.article_id),
      unit: l.unit,
      factor: Number(l.factor),
      quantity: Number(l.quantity),
    }));
    const result: GoodsReceiptCheckResult = {
      kind: 'goods-receipt-check',
      variante: document.variante,
      documentId: document.id,
      documentNumber: document.number,
      supplierId: document.supplierId,
      supplierName: document.supplierName,
      tolerance,
      rows: compareWithDocument(document.lines, counted, tolerance),
    };
    return [{ supplierId: document.supplierId, lines, result }];
  },
};
