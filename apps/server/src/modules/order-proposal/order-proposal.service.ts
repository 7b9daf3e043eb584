import { addQuantities, CAPTURE_MSG, minimumInBase, type OrderProposal, round3 } from '@mde/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { openOrderRows, stockRows } from '../article-info/article-detail.service';
import { articleFacts } from '../captures/article-facts.service';
import type { PolicySession } from '../captures/capture-policy';
import { proposeOrderQuantity, sumInBase } from './proposal-quantity';

/** docs/modules.md#bestellvorschlag: the 'Vorschlag' for one article in the session's vkforg. */
export async function getProposal(db: Db, session: PolicySession, articleId: number): Promise<OrderProposal> {
  const facts = (await articleFacts(db, session, [articleId])).get(articleId);
  if (!facts) throw notFound(CAPTURE_MSG.unknownArticle);
  // The article-info module's reads of the vkforg's stock rows and open orders (docs/spec.md §3 article info).
  const stock = (await stockRows(db, session, articleId)).reduce((sum, w) => addQuantities(sum, w.quantity), 0);
  const openOrders = sumInBase(await openOrderRows(db, session, articleId), facts.units);
  const supplier = facts.mainSupplier;
  const factor = supplier?.orderFactor ?? 1;
  const supplierMinimum = minimumInBase(supplier);
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
