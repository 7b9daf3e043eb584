import { ARTICLE_ERROR_CODES, ARTICLE_MSG, type ArticleLookup, type ArticleSummary } from './articles';
import { type CodeReading, gs1Facts, inStoreLabelFacts, isCheckDigitMisread, readCode } from './code-reading';

// The walk from a scanned code to an article (docs/architecture.md "Scan to line"), written once: the server asks
// its database, the device its article cache, each through its own LookupStore, and both give the same answer.

/** An article a store found, with the store's own row (the device reads its snapshot time from it). */
export interface StoreHit<Row> {
  row: Row;
  article: ArticleSummary;
}
/** A code hit also names the GTIN-14 that matched and the unit (and base units per unit) the code stands for. */
export interface CodeHit<Row> extends StoreHit<Row> {
  gtin14: string;
  unit: string;
  factor: number;
}

/** How one side reads its articles of one vkforg. */
export interface LookupStore<Row> {
  /** The first of these GTIN-14s, in their order, that names an article (EAN-8 before UPC-E). */
  byGtins(gtin14s: readonly string[]): Promise<CodeHit<Row> | null>;
  /** The article whose scale PLU an in-store weight/price label carries. */
  byPlu(plu: string): Promise<StoreHit<Row> | null>;
  /** The article with exactly this article number. */
  byNumber(number: string): Promise<StoreHit<Row> | null>;
}

export type LookupFailure = keyof typeof ARTICLE_ERROR_CODES;
export type CodeLookup<Row> = { ok: true; lookup: ArticleLookup; row: Row } | { ok: false; failure: LookupFailure };

/** The error code and German message of a failed lookup, the same offline and online. */
export const LOOKUP_FAILURES: Record<LookupFailure, { code: string; message: string }> = {
  notFound: { code: ARTICLE_ERROR_CODES.notFound, message: ARTICLE_MSG.articleNotFound },
  delisted: { code: ARTICLE_ERROR_CODES.delisted, message: ARTICLE_MSG.articleDelisted },
  checkDigit: { code: ARTICLE_ERROR_CODES.checkDigit, message: ARTICLE_MSG.checkDigitInvalid },
  unreadable: { code: ARTICLE_ERROR_CODES.unreadable, message: ARTICLE_MSG.codeUnreadable },
};

const basic = (article: ArticleSummary) => ({ article, unit: article.baseUnit, factor: 1, quantity: 1 });

async function tryReading<Row>(
  store: LookupStore<Row>,
  reading: CodeReading,
): Promise<{ lookup: ArticleLookup; row: Row } | null> {
  if (reading.kind === 'gtin') {
    const hit = await store.byGtins(reading.gtin14s);
    if (!hit) return null;
    const { row, article, gtin14, unit, factor } = hit;
    const lookup: ArticleLookup = {
      ...basic(article),
      unit,
      factor,
      matchedBy: reading.gs1 ? 'gs1' : 'gtin',
      matchedCode: gtin14,
      ...gs1Facts(reading, article.baseUnit),
    };
    if (reading.gs1) lookup.gs1 = reading.gs1;
    return { lookup, row };
  }
  if (reading.kind === 'in-store') {
    const hit = await store.byPlu(reading.ean.plu);
    if (!hit) return null;
    const matchedBy = reading.ean.kind === 'weight' ? 'weight-ean' : 'price-ean';
    const facts = inStoreLabelFacts(reading.ean, hit.article);
    return { lookup: { ...basic(hit.article), ...facts, matchedBy, matchedCode: reading.code }, row: hit.row };
  }
  const hit = await store.byNumber(reading.number);
  if (!hit) return null;
  return {
    lookup: { ...basic(hit.article), matchedBy: 'article-number', matchedCode: hit.article.number },
    row: hit.row,
  };
}

/**
 * Resolves a scanned or typed code: GS1 element strings, in-store weight/price EANs, EAN-8/UPC-E/UPC-A/EAN-13/
 * GTIN-14 (as GTIN-14) and the article number, in the order readCode gives. A code whose check digit fits no
 * reading is refused rather than matched by accident, unless an article number matched it.
 */
export async function lookupArticleCode<Row>(raw: string, store: LookupStore<Row>): Promise<CodeLookup<Row>> {
  const resolution = readCode(raw);
  if (!resolution.ok) return { ok: false, failure: resolution.error === 'check-digit' ? 'checkDigit' : 'unreadable' };
  // A code before an article number, so a code that reads as a GTIN asks for the number only when no GTIN
  // matched: almost every scan is a known GTIN.
  for (const reading of resolution.readings) {
    const found = await tryReading(store, reading);
    if (found) return { ok: true, ...found };
  }
  return { ok: false, failure: isCheckDigitMisread(raw) ? 'checkDigit' : 'notFound' };
}
