import { intTextSchema, isoDateTimeSchema, text } from './common';
import { MSG } from './messages';
import { z } from './zod';

// The article catalogue (docs/spec.md §3 "Article info"): summaries, search, lookup by code and the device cache's
// pages, which Artikel-Info and every capture module share. Money is integer cents incl. VAT; quantities are
// decimal numbers in the named unit; every id is the firma's own: another firma's or an unlisted article is 404.

export const ARTICLE_MSG = {
  articleNotFound: 'Artikel nicht gefunden',
  articleDelisted: 'Der Artikel ist ausgelistet und wird nicht mehr geführt',
  checkDigitInvalid: 'Prüfziffer ungültig – bitte erneut scannen',
  codeUnreadable: 'Code nicht lesbar – bitte erneut scannen',
  favoriteListNotFound: 'Favoritenliste nicht gefunden',
  favoriteListNameTaken: 'Eine Favoritenliste mit diesem Namen gibt es bereits',
  invalidCursor: 'Ungültige Fortsetzungsmarke',
} as const;

/** Error codes of the lookup (ApiError.code), so the scanner UI can react without parsing text. */
export const ARTICLE_ERROR_CODES = {
  notFound: 'ARTICLE_NOT_FOUND',
  /** The code names an article the ERP has delisted: known, but no longer sold or counted. */
  delisted: 'ARTICLE_DELISTED',
  checkDigit: 'CHECK_DIGIT_INVALID',
  unreadable: 'CODE_UNREADABLE',
} as const;

const intParam = intTextSchema;

// ---------- summary (search hit, lookup, favorites) ----------

/** What every article shape starts with: id, numbers and designations. */
export const articleIdentitySchema = z.object({
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

export const articleUnitSchema = z.object({
  unit: z.string(),
  factor: z.number(),
  weightGrams: z.number().int().nullable(),
  isBase: z.boolean(),
});
export type ArticleUnit = z.infer<typeof articleUnitSchema>;

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
