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
import type { MdeDatabase } from '../db';
import { type ArticleCacheRow, codeKey, numberKey, pluKey, snapshotOf, toSummary } from './rows';

export type CachedLookup =
  | { ok: true; lookup: ArticleLookup; snapshotAt: string }
  | { ok: false; code: string; message: string };

const fail = (code: string, message: string): CachedLookup => ({ ok: false, code, message });

async function byKey(db: MdeDatabase, key: string): Promise<ArticleCacheRow | undefined> {
  return db.articleCache.where('keys').equals(key).first();
}

async function tryReading(
  db: MdeDatabase,
  vkforgId: number,
  reading: CodeReading,
): Promise<(Omit<ArticleLookup, 'article'> & { row: ArticleCacheRow }) | null> {
  if (reading.kind === 'gtin') {
    for (const gtin14 of reading.gtin14s) {
      const row = await byKey(db, codeKey(vkforgId, gtin14));
      const code = row?.codes.find((c) => c.gtin14 === gtin14);
      if (!row || !code) continue;
      const matchedBy = reading.gs1 ? 'gs1' : 'gtin';
      return {
        row,
        unit: code.unit,
        factor: code.factor,
        matchedBy,
        matchedCode: gtin14,
        ...gs1Facts(reading, row.baseUnit),
        ...(reading.gs1 ? { gs1: reading.gs1 } : {}),
      };
    }
    return null;
  }
  if (reading.kind === 'in-store') {
    const row = await byKey(db, pluKey(vkforgId, reading.ean.plu));
    if (!row) return null;
    const matchedBy = reading.ean.kind === 'weight' ? 'weight-ean' : 'price-ean';
    const facts = inStoreLabelFacts(reading.ean, row);
    return { row, unit: row.baseUnit, factor: 1, ...facts, matchedBy, matchedCode: reading.code };
  }
  const row = await byKey(db, numberKey(vkforgId, reading.number));
  if (!row) return null;
  return { row, unit: row.baseUnit, factor: 1, quantity: 1, matchedBy: 'article-number', matchedCode: row.number };
}

/** Lookup by code from the cache of one vkforg: the same answer shape as GET …/lookup/:code. */
export async function lookupCachedCode(db: MdeDatabase, vkforgId: number, raw: string): Promise<CachedLookup> {
  const resolution = readCode(raw);
  if (!resolution.ok) {
    return resolution.error === 'check-digit'
      ? fail(ARTICLE_ERROR_CODES.checkDigit, ARTICLE_MSG.checkDigitInvalid)
      : fail(ARTICLE_ERROR_CODES.unreadable, ARTICLE_MSG.codeUnreadable);
  }
  for (const reading of resolution.readings) {
    const hit = await tryReading(db, vkforgId, reading);
    if (!hit) continue;
    const { row, ...rest } = hit;
    const meta = await db.articleCacheMeta.get(vkforgId);
    return { ok: true, lookup: { article: toSummary(row), ...rest }, snapshotAt: snapshotOf(row, meta) };
  }
  if (isCheckDigitMisread(raw)) return fail(ARTICLE_ERROR_CODES.checkDigit, ARTICLE_MSG.checkDigitInvalid);
  return fail(ARTICLE_ERROR_CODES.notFound, ARTICLE_MSG.articleNotFound);
}
