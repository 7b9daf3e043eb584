import { defineCaptureModule } from './capture-module';
import { z } from './zod';

/** Artikelvorrat (docs/modules.md#artikelvorrat): stock on hand per article; the export derives the reorder quantities. */
export const articleStockModule = defineCaptureModule({
  key: 'article-stock',
  configName: 'mde-artikelvorrat',
  permission: 'ARTIKELVORRAT',
  documentPrefix: 'AV',
  allowsZero: true,
  startsInOrderUnit: false,
  asksEdi: true,
  headerFields: [],
  hasReasons: false,
  formNeedsServerArticle: false,
});

/** The export's reorder list: on hand against target stock, rounded up to whole order units. */
export const reorderResultRowSchema = z.object({
  articleId: z.number(),
  articleNumber: z.string(),
  designation: z.string(),
  onHand: z.number(),
  targetStock: z.number(),
  reorderQuantity: z.number(),
  orderUnit: z.string(),
  orderFactor: z.number(),
});
export const reorderResultSchema = z.object({ kind: z.literal('reorder'), rows: z.array(reorderResultRowSchema) });
