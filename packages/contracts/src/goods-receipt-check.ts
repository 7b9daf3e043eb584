import { type HeaderFacts, isChosenId } from './capture-header';
import { defineCaptureModule } from './capture-module';
import { configValue, type ModuleConfig } from './module-config';
import { type DocumentVariant, documentVariantSchema } from './receiving-documents';
import { z } from './zod';

/** Warenverprobung (docs/modules.md#warenverprobung): pick an order or a goods receipt, count the delivery, compare. */
export const goodsReceiptCheckModule = defineCaptureModule({
  key: 'goods-receipt-check',
  configName: 'mde-warenverprobung',
  permission: 'WARENVERPROBUNG',
  documentPrefix: 'WV',
  // A count of 0 is a real figure: the article was looked for and is not there.
  allowsZero: true,
  startsInOrderUnit: false,
  asksEdi: false,
  headerFields: ['art', 'documentId'],
  hasReasons: false,
  tracksBatch: true,
  formNeedsServerArticle: false,
});

export const GOODS_RECEIPT_CHECK_MSG = {
  headerMissing: 'Bitte wählen Sie zuerst eine Bestellung oder Warenübernahme',
} as const;

/** Warenverprobung compares with one document: no line and no export before its art and the document are chosen. */
export const goodsReceiptCheckHeaderProblem = (header: HeaderFacts) =>
  documentVariantSchema.safeParse(header?.art).success && isChosenId(header?.documentId)
    ? undefined
    : GOODS_RECEIPT_CHECK_MSG.headerMissing;

/** Module config keys (docs/spec.md §3 key/value properties) of mde-warenverprobung. */
export const GOODS_RECEIPT_CHECK_KEYS = {
  blindOrder: 'BLINDZAEHLUNG_BESTELLUNG',
  blindReceipt: 'BLINDZAEHLUNG_WARENUEBERNAHME',
  tolerancePercent: 'TOLERANZ_PROZENT',
  toleranceAbsolute: 'TOLERANZ_MENGE',
} as const;

/**
 * Blind count: the expected quantities stay hidden while counting, so the count is not copied from the
 * paper. On by default for a goods receipt (the delivery note states what came), off for an order.
 */
export function isBlindCount(config: ModuleConfig | undefined, variante: DocumentVariant): boolean {
  const key =
    variante === 'WARENUEBERNAHME' ? GOODS_RECEIPT_CHECK_KEYS.blindReceipt : GOODS_RECEIPT_CHECK_KEYS.blindOrder;
  const value = configValue(config, goodsReceiptCheckModule.configName, key);
  return value === undefined ? variante === 'WARENUEBERNAHME' : value === 'true';
}

export interface Tolerance {
  /** Percent of the expected quantity. */
  percent: number;
  /** Quantity in the document's unit. */
  absolute: number;
}
const nonNegative = (value: string | undefined) => {
  const n = value === undefined ? Number.NaN : Number(value.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : 0;
};
/** The tolerance per line from the module config; none configured means exact. */
export const toleranceOf = (config: ModuleConfig | undefined): Tolerance => ({
  percent: nonNegative(
    configValue(config, goodsReceiptCheckModule.configName, GOODS_RECEIPT_CHECK_KEYS.tolerancePercent),
  ),
  absolute: nonNegative(
    configValue(config, goodsReceiptCheckModule.configName, GOODS_RECEIPT_CHECK_KEYS.toleranceAbsolute),
  ),
});

export const COMPARISON_STATUSES = ['ok', 'missing', 'surplus', 'deviating'] as const;
export type ComparisonStatus = (typeof COMPARISON_STATUSES)[number];

export const comparisonRowSchema = z.object({
  articleId: z.number(),
  articleNumber: z.string(),
  designation: z.string(),
  /** The document's unit for the article (the counted unit for an article the document lacks). */
  unit: z.string(),
  /** Base units per `unit`. */
  factor: z.number(),
  expected: z.number(),
  counted: z.number(),
  /** counted − expected, in `unit`. */
  difference: z.number(),
  status: z.enum(COMPARISON_STATUSES),
  /** A difference other than 0 that the tolerance accepts: status ok. */
  withinTolerance: z.boolean(),
});
export type ComparisonRow = z.infer<typeof comparisonRowSchema>;

/** What the export of a Warenverprobung stores: the document checked and the comparison per article. */
export const goodsReceiptCheckResultSchema = z.object({
  kind: z.literal('goods-receipt-check'),
  variante: documentVariantSchema,
  documentId: z.number(),
  documentNumber: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  tolerance: z.object({ percent: z.number(), absolute: z.number() }),
  rows: z.array(comparisonRowSchema),
});
export type GoodsReceiptCheckResult = z.infer<typeof goodsReceiptCheckResultSchema>;
