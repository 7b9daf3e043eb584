import { z } from 'zod';
import { idSchema, isoDateTimeSchema, requiredText, text } from './common';
import { MSG } from './messages';

// Artikel-Info (spec §2 artikel-info routes, §3 "Article info", MODULES.md Artikel-Info). All money is
// integer cents incl. VAT; quantities are decimal numbers in the named unit; dates 'YYYY-MM-DD';
// timestamps ISO strings. Every id is the firma's own: another firma's or an unlisted article is 404.

export const ARTICLE_MSG = {
  articleNotFound: 'Artikel nicht gefunden',
  checkDigitInvalid: 'Prüfziffer ungültig – bitte erneut scannen',
  codeUnreadable: 'Code nicht lesbar – bitte erneut scannen',
  favoriteListNotFound: 'Favoritenliste nicht gefunden',
  favoriteListNameTaken: 'Eine Favoritenliste mit diesem Namen gibt es bereits',
  invalidCursor: 'Ungültige Fortsetzungsmarke',
} as const;

/** Error codes of the lookup (ApiError.code), so the scanner UI can react without parsing text. */
export const ARTICLE_ERROR_CODES = {
  notFound: 'ARTICLE_NOT_FOUND',
  checkDigit: 'CHECK_DIGIT_INVALID',
  unreadable: 'CODE_UNREADABLE',
} as const;

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

const intParam = (min: number, max: number) =>
  z.coerce
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(min, { error: MSG.invalidValue })
    .max(max, { error: MSG.invalidValue });

// ---------- summary (search hit, lookup, favorites) ----------

/** What every article shape starts with: id, numbers and designations. */
const articleIdentitySchema = z.object({
  idartstamm: z.number().int(),
  number: z.string(),
  designation1: z.string(),
  designation2: z.string(),
  department: z.string(),
});

export const articleSummarySchema = articleIdentitySchema.extend({
  /** EAN printed on the base unit (as printed: 8, 12 or 13 digits), null when the article has none. */
  mainEan: z.string().nullable(),
  baseUnit: z.string(),
  /** Price of scale 1 in the session's vkforg, cents incl. VAT per base unit. */
  priceCents: z.number().int().nullable(),
  /** Stock in base units over the session vkforg's warehouses. */
  stockTotal: z.number(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

// ---------- search ----------

export const articleSearchQuerySchema = z.strictObject({
  q: text(100).default(''),
  page: intParam(1, 10_000).default(1),
  pageSize: intParam(1, 100).default(25),
});
export type ArticleSearchQuery = z.infer<typeof articleSearchQuerySchema>;

/** Ranking: exact EAN, exact article number, prefix of number or designation, then text match. */
export const articleSearchResultSchema = z.object({
  items: z.array(articleSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type ArticleSearchResult = z.infer<typeof articleSearchResultSchema>;

// ---------- lookup by code ----------

// 100 characters is also Fastify's limit for a path parameter (longer paths answer 414).
export const articleCodeParamSchema = z.strictObject({
  code: z.string({ error: MSG.invalidValue }).trim().min(1, { error: MSG.required }).max(100, { error: MSG.tooLong }),
});

export const LOOKUP_MATCHES = ['gtin', 'article-number', 'weight-ean', 'price-ean', 'gs1'] as const;
export type LookupMatch = (typeof LOOKUP_MATCHES)[number];

export const gs1DataSchema = z.object({
  sscc: z.string().optional(),
  gtin: z.string().optional(),
  containedGtin: z.string().optional(),
  batch: z.string().optional(),
  expiry: z.string().optional(),
  count: z.number().int().optional(),
  containedCount: z.number().int().optional(),
  netWeightGrams: z.number().int().optional(),
  serial: z.string().optional(),
});

export const articleLookupSchema = z.object({
  article: articleSummarySchema,
  /** The unit the code stands for: base unit for an item EAN, 'Karton' etc. for a case code. */
  unit: z.string(),
  /** Base units per `unit`. */
  factor: z.number(),
  /** Quantity the code implies in `unit` (1, the GS1 count, or kg for a weight EAN). */
  quantity: z.number(),
  weightGrams: z.number().int().optional(),
  /** Price embedded in a price EAN, or computed from a weight EAN and the kg price. */
  priceCents: z.number().int().optional(),
  gs1: gs1DataSchema.optional(),
  matchedBy: z.enum(LOOKUP_MATCHES),
  /** The GTIN-14 or article number that matched. */
  matchedCode: z.string(),
});
export type ArticleLookup = z.infer<typeof articleLookupSchema>;

// ---------- detail sections ----------

export const articleCodeSchema = z.object({
  /** As printed on the label. */
  code: z.string(),
  gtin14: z.string(),
  type: z.enum(['ean8', 'upc_e', 'upc_a', 'ean13', 'gtin14']),
  unit: z.string(),
  factor: z.number(),
});
export type ArticleCode = z.infer<typeof articleCodeSchema>;

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

export const articleUnitSchema = z.object({
  unit: z.string(),
  factor: z.number(),
  weightGrams: z.number().int().nullable(),
  isBase: z.boolean(),
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
export type StockEntry = z.infer<typeof stockEntrySchema>;
export type ArticleUnit = z.infer<typeof articleUnitSchema>;
export type ArticleLocation = z.infer<typeof articleLocationSchema>;
export type ArticleSupplier = z.infer<typeof articleSupplierSchema>;
export type OpenOrder = z.infer<typeof openOrderSchema>;
export type TurnoverMonth = z.infer<typeof turnoverMonthSchema>;

export const articleIdParamSchema = z.strictObject({ id: idSchema });
export const articleSectionParamSchema = z.strictObject({ id: idSchema, section: articleSectionSchema });

// ---------- favorite lists (per user and firma) ----------

export const favoriteListNameSchema = requiredText(60);
export const favoriteListBodySchema = z.strictObject({ name: favoriteListNameSchema });
export type FavoriteListBody = z.infer<typeof favoriteListBodySchema>;

/** `articleId` marks which lists already contain that article (add-to-favorites dialog). */
export const favoriteListsQuerySchema = z.strictObject({ articleId: idSchema.optional() });

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

export const favoriteArticleParamSchema = z.strictObject({ id: idSchema, articleId: idSchema });

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

// ---------- offline article cache (the session vkforg's listed articles) ----------

export const articleCacheQuerySchema = z.strictObject({
  cursor: z
    .string({ error: MSG.invalidValue })
    .regex(/^[0-9]{1,10}$/, { error: ARTICLE_MSG.invalidCursor })
    .optional(),
  limit: intParam(1, 2000).default(500),
  changedSince: isoDateTimeSchema.optional(),
});
export type ArticleCacheQuery = z.infer<typeof articleCacheQuerySchema>;

export const cachedArticleSchema = articleIdentitySchema.extend({
  baseUnit: z.string(),
  /** Every code as GTIN-14 (normalise a scan with normaliseGtin before looking it up). */
  codes: z.array(z.object({ gtin14: z.string(), code: z.string(), unit: z.string(), factor: z.number() })),
  /** For in-store weight/price EANs (see parseInStoreEan). */
  scalePlu: z.string().nullable(),
  units: z.array(articleUnitSchema),
  priceCents: z.number().int().nullable(),
  stockTotal: z.number(),
  stock: z.array(z.object({ warehouseId: z.number().int(), quantity: z.number() })),
  updatedAt: z.string(),
});
export type CachedArticle = z.infer<typeof cachedArticleSchema>;

/**
 * One page: pass `nextCursor` back as `cursor` until it is null. Keep `snapshotAt` of the first page of a
 * full sync and send it as `changedSince` next time; `removedIds` lists articles no longer listed (delta only).
 * Delta pages overlap by a minute on purpose (rows committed late), so applying them must be idempotent.
 */
export const articleCachePageSchema = z.object({
  items: z.array(cachedArticleSchema),
  removedIds: z.array(z.number().int()),
  nextCursor: z.string().nullable(),
  snapshotAt: z.string(),
});
export type ArticleCachePage = z.infer<typeof articleCachePageSchema>;
