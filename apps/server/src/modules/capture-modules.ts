import { articleStockPolicy } from './article-stock/article-stock.policy';
import type { CapturePolicy } from './captures/capture-policy';
import { goodsReceiptCheckPolicy } from './goods-receipt-check/goods-receipt-check.policy';
import { inventoryCountPolicy } from './inventory-count/inventory-count.policy';
import { orderProposalPolicy } from './order-proposal/order-proposal.policy';
import { orderingPolicy } from './ordering/ordering.policy';
import { returnsPolicy } from './returns/returns.policy';

/**
 * The server part of each capture module, one line per module (docs/conventions.md#capture-modules): the
 * engine gets them from here; the same modules as contracts' list (capture-modules.test.ts holds them equal).
 */
export const CAPTURE_POLICIES: readonly CapturePolicy[] = [
  orderProposalPolicy,
  orderingPolicy,
  inventoryCountPolicy,
  returnsPolicy,
  articleStockPolicy,
  goodsReceiptCheckPolicy,
];
