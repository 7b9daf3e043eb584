import {
  ARTICLE_ERROR_CODES,
  ARTICLE_MSG,
  type ArticleLookup,
  type CodeReading,
  gs1Facts,
  inStoreLabelFacts,
  isCheckDigitMisread,
  readCode,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findByPlu, type LookupRow } from './article-lookup.repository';
import type { Scope } from './article-scope';
import { toSummary } from './article-summary';
import type { SummaryRow } from './article-summary.repository';
import { findByCodesOrNumber } from './lookup-batcher';

const notFound = () => new AppError(404, ARTICLE_ERROR_CODES.notFound, ARTICLE_MSG.articleNotFound);
const badCheckDigit = () => new AppError(422, ARTICLE_ERROR_CODES.checkDigit, ARTICLE_MSG.checkDigitInvalid);
const unreadable = () => new AppError(422, ARTICLE_ERROR_CODES.unreadable, ARTICLE_MSG.codeUnreadable);

const codeUnit = (row: LookupRow) => ({ unit: row.code_unit ?? row.base_unit, factor: Number(row.code_factor ?? 1) });

function baseAnswer(row: SummaryRow, matchedBy: ArticleLookup['matchedBy'], matchedCode: string): ArticleLookup {
  return { article: toSummary(row), unit: row.base_unit, factor: 1, quantity: 1, matchedBy, matchedCode };
}

async function byInStoreEan(
  db: Db,
  scope: Scope,
  reading: Extract<CodeReading, { kind: 'in-store' }>,
): Promise<ArticleLookup | null> {
  const row = await findByPlu(db, scope, reading.ean.plu);
  if (!row) return null;
  const matchedBy = reading.ean.kind === 'weight' ? 'weight-ean' : 'price-ean';
  const facts = inStoreLabelFacts(reading.ean, { baseUnit: row.base_unit, priceCents: row.price_cents });
  return { ...baseAnswer(row, matchedBy, reading.code), ...facts };
}

async function byGtins(
  db: Db,
  scope: Scope,
  reading: Extract<CodeReading, { kind: 'gtin' }>,
): Promise<ArticleLookup | null> {
  const rows = await findByCodesOrNumber(db, scope, reading.gtin14s, null);
  // EAN-8 before UPC-E when an 8-digit code is valid both ways.
  const row = reading.gtin14s.map((gtin) => rows.find((r) => r.gtin14 === gtin)).find(Boolean);
  if (!row?.gtin14) return null;
  const answer = { ...baseAnswer(row, reading.gs1 ? 'gs1' : 'gtin', row.gtin14), ...codeUnit(row) };
  return reading.gs1 ? { ...answer, ...gs1Facts(reading, row.base_unit), gs1: reading.gs1 } : answer;
}

/**
 * Resolves a scanned or typed code to an article of the session's vkforg in one request: GS1 element
 * strings, in-store weight/price EANs, EAN-8/UPC-E/UPC-A/EAN-13/GTIN-14 (as GTIN-14) and the article
 * number. A code whose check digit fits no reading is refused (422) rather than matched by accident.
 */
export async function lookupCode(db: Db, scope: Scope, raw: string): Promise<ArticleLookup> {
  const resolution = readCode(raw);
  if (!resolution.ok) throw resolution.error === 'check-digit' ? badCheckDigit() : unreadable();
  // A code before an article number, so a code that reads as a GTIN asks for the number only when no GTIN
  // matched: almost every scan is a known GTIN, and the number probe beside it took 15-45 % of a batch
  // statement's time (pgbench, the lookup bench). An unknown GTIN or a GTIN-shaped article number costs a second
  // statement.
  for (const reading of resolution.readings) {
    const answer =
      reading.kind === 'in-store'
        ? await byInStoreEan(db, scope, reading)
        : reading.kind === 'gtin'
          ? await byGtins(db, scope, reading)
          : await byNumber(db, scope, reading.number);
    if (answer) return answer;
  }
  if (isCheckDigitMisread(raw)) throw badCheckDigit();
  throw notFound();
}

async function byNumber(db: Db, scope: Scope, number: string): Promise<ArticleLookup | null> {
  const [row] = await findByCodesOrNumber(db, scope, [], number);
  return row ? baseAnswer(row, 'article-number', number) : null;
}
