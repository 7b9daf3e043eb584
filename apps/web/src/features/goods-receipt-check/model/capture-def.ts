import { GOODS_RECEIPT_CHECK_MSG, goodsReceiptCheckHeaderProblem, goodsReceiptCheckModule } from '@mde/contracts';
import { type CaptureModuleDef, shownHeaderFields } from '../../../capture/capture-module';
import { paths } from '../../../lib/paths';
import { ComparisonReport } from '../components/comparison-report';
import { useExportWarning } from '../components/use-export-warning';

/** Warenverprobung (docs/modules.md#warenverprobung): pick an order or a goods receipt first, count the delivery, compare. */
export const goodsReceiptCheckDef: CaptureModuleDef = {
  info: goodsReceiptCheckModule,
  name: 'goods-receipt-check',
  paths: paths.goodsReceiptCheck,
  headerPath: paths.goodsReceiptCheck.selectDocumentType,
  headerFields: shownHeaderFields(goodsReceiptCheckModule.headerFields),
  needsHeader: (h) => !goodsReceiptCheckHeaderProblem(h?.header),
  useExportWarning,
  ResultView: ComparisonReport,
};

export const goodsReceiptCheckHeaderMessage = GOODS_RECEIPT_CHECK_MSG.headerMissing;
