import { articleStockModule } from '@mde/contracts';
import { type CaptureModuleDef, shownHeaderFields } from '../../../capture/capture-module';
import { paths } from '../../../lib/paths';
import { ReorderReport } from '../components/reorder-report';

/** Artikelvorrat (docs/modules.md#artikelvorrat): stock on hand per article; the export derives the reorder quantities. */
export const articleStockDef: CaptureModuleDef = {
  info: articleStockModule,
  name: 'article-stock',
  paths: paths.articleStock,
  headerPath: paths.articleStock.documentSelection,
  headerFields: shownHeaderFields(articleStockModule.headerFields),
  ResultView: ReorderReport,
};
