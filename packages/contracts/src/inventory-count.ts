import { type HeaderFacts, isChosenId, isIsoDate } from './capture-header';
import { defineCaptureModule } from './capture-module';
import { z } from './zod';

/** Inventur (docs/modules.md#inventur): warehouse and document date first, location-first scanning, difference report. */
export const inventoryCountModule = defineCaptureModule({
  key: 'inventory-count',
  configName: 'mde-inventur',
  permission: 'INVENTUR',
  documentPrefix: 'IN',
  allowsZero: true,
  startsInOrderUnit: false,
  asksEdi: false,
  headerFields: ['lager', 'belegdatum'],
  hasReasons: false,
  tracksBatch: true,
  formNeedsServerArticle: false,
});

export const INVENTORY_COUNT_MSG = {
  headerMissing: 'Bitte wählen Sie zuerst Lager und Belegdatum',
} as const;

/** Inventur counts one warehouse on one document date: no line and no export before both are chosen. */
export const inventoryCountHeaderProblem = (header: HeaderFacts) =>
  isChosenId(header?.lager) && isIsoDate(header?.belegdatum) ? undefined : INVENTORY_COUNT_MSG.headerMissing;

/** The export's difference report: counted against book stock of the counted warehouse, per article. */
export const inventoryResultRowSchema = z.object({
  articleId: z.number(),
  articleNumber: z.string(),
  designation: z.string(),
  bookStock: z.number(),
  countedStock: z.number(),
  difference: z.number(),
});
export const inventoryResultSchema = z.object({
  kind: z.literal('inventory'),
  rows: z.array(inventoryResultRowSchema),
});
