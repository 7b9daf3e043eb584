import { type ArticleLookup, LOOKUP_FAILURES, type LookupStore, lookupArticleCode, readCode } from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findByPlu, isDelistedCode } from './article-lookup.repository';
import type { Scope } from './article-scope';
import { toSummary } from './article-summary';
import type { SummaryRow } from './article-summary.repository';
import { findByCodesOrNumber } from './lookup-batcher';

/** The session vkforg's articles as the lookup walk reads them (each probe one batched statement). */
function storeOf(db: Db, scope: Scope): LookupStore<SummaryRow> {
  return {
    async byGtins(gtin14s) {
      const rows = await findByCodesOrNumber(db, scope, gtin14s, null);
      // EAN-8 before UPC-E when an 8-digit code is valid both ways.
      const row = gtin14s.map((gtin) => rows.find((r) => r.gtin14 === gtin)).find(Boolean);
      if (!row?.gtin14) return null;
      const unit = row.code_unit ?? row.base_unit;
      return { row, article: toSummary(row), gtin14: row.gtin14, unit, factor: Number(row.code_factor ?? 1) };
    },
    async byPlu(plu) {
      const row = await findByPlu(db, scope, plu);
      return row ? { row, article: toSummary(row) } : null;
    },
    async byNumber(number) {
      const [row] = await findByCodesOrNumber(db, scope, [], number);
      return row ? { row, article: toSummary(row) } : null;
    },
  };
}

/**
 * Resolves a scanned or typed code to an article of the session's vkforg (the walk in contracts
 * article-lookup.ts). A code is tried before an article number, so a code that reads as a GTIN asks for the
 * number only when no GTIN matched: the number probe beside it took 15-45 % of a batch statement's time
 * (pgbench, the lookup bench). An unknown GTIN or a GTIN-shaped article number costs a second statement.
 */
export async function lookupCode(db: Db, scope: Scope, raw: string): Promise<ArticleLookup> {
  const result = await lookupArticleCode(raw, storeOf(db, scope));
  if (result.ok) return result.lookup;
  const failure = result.failure === 'notFound' && (await delisted(db, scope, raw)) ? 'delisted' : result.failure;
  const { code, message } = LOOKUP_FAILURES[failure];
  throw new AppError(failure === 'notFound' || failure === 'delisted' ? 404 : 422, code, message);
}

/** A code no listed article has: is it one the ERP has delisted? Then the scan says so instead of "not found". */
async function delisted(db: Db, scope: Scope, raw: string): Promise<boolean> {
  const reading = readCode(raw);
  if (!reading.ok) return false;
  const probe = { gtin14s: [] as string[], plu: null as string | null, number: null as string | null };
  for (const r of reading.readings) {
    if (r.kind === 'gtin') probe.gtin14s.push(...r.gtin14s);
    else if (r.kind === 'in-store') probe.plu = r.ean.plu;
    else probe.number = r.number;
  }
  return isDelistedCode(db, scope, probe);
}
