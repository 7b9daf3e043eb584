import type { CaptureModuleDef } from '../capture/capture-module';
import { articleStockDef } from '../features/article-stock/model/capture-def';
import { goodsReceiptCheckDef } from '../features/goods-receipt-check/model/capture-def';
import { inventoryCountDef } from '../features/inventory-count/model/capture-def';
import { orderProposalDef } from '../features/order-proposal/model/capture-def';
import { orderingDef } from '../features/ordering/model/capture-def';
import { returnsDef } from '../features/returns/model/capture-def';

/**
 * The web part of each capture module, one line per module (docs/conventions.md#capture-modules): what the app
 * keeps on the device derives from here; the same modules as contracts' list (capture-modules.test.ts holds
 * them equal). Bestellvorschlag's def follows the firma's config; here in its fullest form, with the delivery date.
 */
export const CAPTURE_MODULE_DEFS: readonly CaptureModuleDef[] = [
  orderProposalDef(true),
  orderingDef,
  inventoryCountDef,
  returnsDef,
  articleStockDef,
  goodsReceiptCheckDef,
];
