import {
  ARTICLE_ERROR_CODES,
  ARTICLE_MSG,
  type ArticleLookup,
  type Gs1Data,
  looksLikeGs1,
  normaliseGtin,
  parseGs1,
  parseInStoreEan,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findByPlu, type LookupRow } from './article-lookup.repository';
import { toSummary } from './article-summary';
import type { Scope, SummaryRow } from './article-summary.repository';
import { findByCodesOrNumber } from './lookup-batcher';

const notFound = () => new AppError(404, ARTICLE_ERROR_CODES.notFound, ARTICLE_MSG.articleNotFound);
const badCheckDigit = () => new AppError(422, ARTICLE_ERROR_CODES.checkDigit, ARTICLE_MSG.checkDigitInvalid);
const unreadable = () => new AppError(422, ARTICLE_ERROR_CODES.unreadable, ARTICLE_MSG.codeUnreadable);

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const codeUnit = (row: LookupRow) => ({ unit: row.code_unit ?? row.base_unit, factor: Number(row.code_factor ?? 1) });

function baseAnswer(row: SummaryRow, matchedBy: ArticleLookup['matchedBy'], matchedCode: string): ArticleLookup {
  return { article: toSummary(row), unit: row.base_unit, factor: 1, quantity: 1, matchedBy, matchedCode };
}

async function byGs1(db: Db, scope: Scope, code: string): Promise<ArticleLookup> {
  const parsed = parseGs1(code);
  if (!parsed.ok) throw parsed.error === 'check-digit' ? badCheckDigit() : unreadable();
  const data: Gs1Data = parsed.data;
  const gtin = data.gtin ?? data.containedGtin;
  // An SSCC alone names a pallet, not an article.
  if (!gtin) throw notFound();
  const [row] = await findByCodesOrNumber(db, scope, [gtin], null);
  if (!row) throw notFound();
  const answer: ArticleLookup = {
    ...baseAnswer(row, 'gs1', gtin),
    ...codeUnit(row),
    quantity: (data.gtin ? data.count : data.containedCount) ?? 1,
    gs1: data,
  };
  if (data.netWeightGrams !== undefined) {
    answer.weightGrams = data.netWeightGrams;
    if (row.base_unit === 'kg') answer.quantity = round3(data.netWeightGrams / 1000);
  }
  return answer;
}

async function byInStoreEan(db: Db, scope: Scope, code: string): Promise<ArticleLookup | null> {
  const label = parseInStoreEan(code);
  if (!label) return null;
  const row = await findByPlu(db, scope, label.plu);
  if (!row) return null;
  const kgPrice = row.base_unit === 'kg' ? row.price_cents : null;
  if (label.kind === 'weight') {
    const answer = {
      ...baseAnswer(row, 'weight-ean', code),
      quantity: round3(label.value / 1000),
      weightGrams: label.value,
    };
    return kgPrice === null ? answer : { ...answer, priceCents: Math.round((label.value / 1000) * kgPrice) };
  }
  const answer: ArticleLookup = { ...baseAnswer(row, 'price-ean', code), priceCents: label.value };
  if (kgPrice) {
    answer.weightGrams = Math.round((label.value / kgPrice) * 1000);
    answer.quantity = round3(answer.weightGrams / 1000);
  }
  return answer;
}

/**
 * Resolves a scanned or typed code to an article of the session's vkforg in one request: GS1 element
 * strings, in-store weight/price EANs, EAN-8/UPC-E/UPC-A/EAN-13/GTIN-14 (as GTIN-14) and the article
 * number. A code whose check digit fits no reading is refused (422) rather than matched by accident.
 */
export async function lookupCode(db: Db, scope: Scope, raw: string): Promise<ArticleLookup> {
  const code = raw.trim();
  if (looksLikeGs1(code)) return byGs1(db, scope, code);
  const normalised = normaliseGtin(code);
  if (normalised.kind === 'gtin') {
    const inStore = await byInStoreEan(db, scope, code);
    if (inStore) return inStore;
  }
  const candidates = normalised.kind === 'gtin' ? normalised.candidates.map((c) => c.gtin14) : [];
  // A code before an article number, so a code that reads as a GTIN asks for the number only when no GTIN
  // matched: almost every scan is a known GTIN, and the number probe beside it took 15-45 % of a batch
  // statement's time (pgbench, the lookup bench). An unknown GTIN or a GTIN-shaped article number costs a second
  // statement.
  if (candidates.length > 0) {
    const rows = await findByCodesOrNumber(db, scope, candidates, null);
    // EAN-8 before UPC-E when an 8-digit code is valid both ways.
    const row = candidates.map((gtin) => rows.find((r) => r.gtin14 === gtin)).find(Boolean);
    if (row?.gtin14) return { ...baseAnswer(row, 'gtin', row.gtin14), ...codeUnit(row) };
  }
  const [byNumber] = await findByCodesOrNumber(db, scope, [], code);
  if (byNumber) return baseAnswer(byNumber, 'article-number', code);
  if (normalised.kind === 'invalid-check-digit') throw badCheckDigit();
  throw notFound();
}
