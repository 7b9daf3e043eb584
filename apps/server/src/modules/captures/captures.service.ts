import {
  CAPTURE_DOCUMENT_DAYS,
  CAPTURE_MSG,
  type Capture,
  type CaptureDocument,
  type CaptureDocumentDetail,
  type CaptureModule,
  type OrderProposal,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import { listOpenOrders, listStock } from '../article-info/article-detail.repository';
import { findSupplier, loadArticleFacts } from './article-facts.repository';
import { documentLines, findDocument, listDocuments } from './capture-documents.repository';
import { documentFromRow, lineFromRow } from './capture-mappers';
import { findOpenCapture, listCaptureLines } from './captures.repository';
import { supplierMinimumBase } from './rules/article-facts';
import { proposeOrderQuantity, sumInBase } from './rules/order-proposal';
import { add, round3 } from './rules/quantities';

type Session = Pick<AuthContext, 'userId' | 'firmaId' | 'vkforgId'>;

/** The user's open capture of the module in the current context; empty (id null) before the first change. */
export async function getCapture(db: Db, session: Session, module: CaptureModule): Promise<Capture> {
  const capture = await findOpenCapture(db, { ...session, module });
  if (!capture) {
    const header = { datum: null, lager: null, belegdatum: null, supplierId: null, supplierName: null };
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
    },
    version: capture.version,
    lines: lines.map(lineFromRow),
  };
}

/** MODULES.md Bestellvorschlag: the 'Vorschlag' for one article in the session's vkforg. */
export async function getProposal(db: Db, session: Session, articleId: number): Promise<OrderProposal> {
  const facts = (await loadArticleFacts(db, session, [articleId])).get(articleId);
  if (!facts) throw notFound(CAPTURE_MSG.unknownArticle);
  // The article-info module's reads of the vkforg's stock rows and open orders (spec §3 article info).
  const stock = (await listStock(db, session, articleId)).reduce((sum, w) => add(sum, w.quantity), 0);
  const openOrders = sumInBase(await listOpenOrders(db, session, articleId), facts.units);
  const supplier = facts.mainSupplier;
  const factor = supplier?.orderFactor ?? 1;
  const supplierMinimum = supplierMinimumBase(supplier);
  const proposal = proposeOrderQuantity({
    targetStock: facts.targetStock,
    stock,
    openOrders,
    orderFactor: factor,
    supplierMinimum,
  });
  return {
    articleId,
    proposal,
    orderUnits: round3(proposal / factor),
    unit: supplier?.orderUnit ?? facts.baseUnit,
    factor,
    stock,
    target: facts.targetStock,
    openOrders,
    supplierMinimum,
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
