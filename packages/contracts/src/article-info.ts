import { articleIdentitySchema, articleSummarySchema, articleUnitSchema } from './articles';
import { idSchema, idTextSchema, requiredText } from './common';
import { MSG } from './messages';
import { z } from './zod';

// Artikel-Info (docs/spec.md §2 artikel-info routes, §3 "Article info", docs/modules.md#artikel-info). All money is
// integer cents incl. VAT; quantities are decimal numbers in the named unit; dates 'YYYY-MM-DD';
// timestamps ISO strings. Every id is the firma's own: another firma's or an unlisted article is 404.

export const ARTICLE_SECTIONS = [
  'general',
  'prices',
  'stock',
  'units',
  'locations',
  'suppliers',
  'open-orders',
  'turnover',
] as const;
export const articleSectionSchema = z.enum(ARTICLE_SECTIONS, { error: MSG.invalidValue });
export type ArticleSection = z.infer<typeof articleSectionSchema>;

// ---------- detail sections ----------

export const articleCodeSchema = z.object({
  /** As printed on the label. */
  code: z.string(),
  gtin14: z.string(),
  type: z.enum(['ean8', 'upc_e', 'upc_a', 'ean13', 'gtin14']),
  unit: z.string(),
  factor: z.number(),
});

export const articleGeneralSchema = articleIdentitySchema.extend({
  baseUnit: z.string(),
  /** 5-digit article code printed in in-store weight/price EANs, null for other articles. */
  scalePlu: z.string().nullable(),
  codes: z.array(articleCodeSchema),
  listings: z.array(
    z.object({
      vkforgId: z.number().int(),
      vkforg: z.string(),
      name: z.string(),
      listed: z.boolean(),
      listedSince: z.string().nullable(),
      targetStock: z.number().nullable(),
    }),
  ),
});

export const priceScaleSchema = z.object({
  scale: z.number().int(),
  minQuantity: z.number(),
  unit: z.string(),
  /** Price applies per this many units. */
  per: z.number().int(),
  priceCents: z.number().int(),
  validFrom: z.string(),
});

export const stockEntrySchema = z.object({
  warehouseId: z.number().int(),
  warehouseNumber: z.string(),
  warehouseName: z.string(),
  quantity: z.number(),
  dispoQuantity: z.number(),
  orderQuantityTotal: z.number(),
  nextDeliveryDate: z.string().nullable(),
});
export const articleStockSchema = z.object({
  unit: z.string(),
  warehouses: z.array(stockEntrySchema),
  total: z.object({ quantity: z.number(), dispoQuantity: z.number(), orderQuantityTotal: z.number() }),
});

export const articleLocationSchema = z.object({
  locationId: z.number().int(),
  code: z.string(),
  name: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  quantity: z.number(),
  minQuantity: z.number(),
  maxQuantity: z.number(),
});

export const articleSupplierSchema = z.object({
  supplierId: z.number().int(),
  supplierNumber: z.string(),
  name: z.string(),
  supplierArticleNumber: z.string(),
  /** Minimum order in order units (e.g. 2 Karton); orderFactor = base units per order unit. */
  minOrderQuantity: z.number(),
  orderUnit: z.string(),
  orderFactor: z.number(),
  isMain: z.boolean(),
});

/** An open purchase order line of the session's vkforg; quantity in `unit` (usually the order unit). */
export const openOrderSchema = z.object({
  orderNumber: z.string(),
  supplierName: z.string(),
  orderDate: z.string(),
  quantity: z.number(),
  unit: z.string(),
  deliveryDate: z.string().nullable(),
});

/** The last 12 months (newest first) each with the same month a year earlier. */
export const turnoverMonthSchema = z.object({
  month: z.string().regex(/^[0-9]{4}-[0-9]{2}$/),
  amountCents: z.number().int(),
  quantity: z.number(),
  previousYearAmountCents: z.number().int().nullable(),
  previousYearQuantity: z.number().nullable(),
});

export const articleSectionSchemas = {
  general: articleGeneralSchema,
  prices: z.array(priceScaleSchema),
  stock: articleStockSchema,
  units: z.array(articleUnitSchema),
  locations: z.array(articleLocationSchema),
  suppliers: z.array(articleSupplierSchema),
  'open-orders': z.array(openOrderSchema),
  turnover: z.array(turnoverMonthSchema),
} as const;

export const articleDetailSchema = z.object({
  general: articleGeneralSchema,
  prices: z.array(priceScaleSchema),
  stock: articleStockSchema,
  units: z.array(articleUnitSchema),
  locations: z.array(articleLocationSchema),
  suppliers: z.array(articleSupplierSchema),
  openOrders: z.array(openOrderSchema),
  turnover: z.array(turnoverMonthSchema),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;
export type ArticleGeneral = z.infer<typeof articleGeneralSchema>;
export type PriceScale = z.infer<typeof priceScaleSchema>;
export type ArticleStock = z.infer<typeof articleStockSchema>;
export type ArticleLocation = z.infer<typeof articleLocationSchema>;
export type ArticleSupplier = z.infer<typeof articleSupplierSchema>;
export type OpenOrder = z.infer<typeof openOrderSchema>;
export type TurnoverMonth = z.infer<typeof turnoverMonthSchema>;

export const articleIdParamSchema = z.strictObject({ id: idTextSchema });

// ---------- favorite lists (per user and firma) ----------

export const favoriteListNameSchema = requiredText(60);
export const favoriteListBodySchema = z.strictObject({ name: favoriteListNameSchema });
export type FavoriteListBody = z.infer<typeof favoriteListBodySchema>;

/** `articleId` marks which lists already contain that article (add-to-favorites dialog). */
export const favoriteListsQuerySchema = z.strictObject({ articleId: idTextSchema.optional() });

export const favoriteListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  articleCount: z.number().int(),
  containsArticle: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FavoriteList = z.infer<typeof favoriteListSchema>;

export const favoriteListDetailSchema = favoriteListSchema.extend({ articles: z.array(articleSummarySchema) });
export type FavoriteListDetail = z.infer<typeof favoriteListDetailSchema>;

export const favoriteArticleParamSchema = z.strictObject({ id: idTextSchema, articleId: idTextSchema });

// ---------- search history (per user and firma, newest first, last 50) ----------

export const SEARCH_HISTORY_LIMIT = 50;

export const searchHistoryBodySchema = z.union([
  z.strictObject({ term: requiredText(100) }),
  z.strictObject({ idartstamm: idSchema }),
]);
export type SearchHistoryBody = z.infer<typeof searchHistoryBodySchema>;

export const searchHistoryEntrySchema = z.object({
  id: z.number().int(),
  term: z.string().nullable(),
  article: z.object({ idartstamm: z.number().int(), number: z.string(), designation1: z.string() }).nullable(),
  createdAt: z.string(),
});
export type SearchHistoryEntry = z.infer<typeof searchHistoryEntrySchema>;
export const searchHistorySchema = z.object({ items: z.array(searchHistoryEntrySchema) });
