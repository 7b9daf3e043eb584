import { sql } from 'kysely';
import { intArrayLiteral, textArrayLiteral } from '../../db/array-literal';
import type { Db } from '../../db/database';
import { type Scope, type SummaryRow, summaryQuery } from './article-summary.repository';
import { lookupBatcher } from './lookup-batcher';

export interface LookupRow extends SummaryRow {
  /** The matched code, or null for an article-number match. */
  gtin14: string | null;
  code_unit: string | null;
  code_factor: number | null;
}

/** One scan's question: the GTIN-14 readings of its code and/or the article number it may be. */
export interface LookupRequest {
  scope: Scope;
  gtins: readonly string[];
  number: string | null;
}

/**
 * Articles of the scope carrying one of the GTIN-14s or the article number. Concurrent calls share one
 * statement (see LookupBatcher), so this is one round trip however many scans arrive together.
 */
export async function findByCodesOrNumber(db: Db, scope: Scope, gtins: readonly string[], number: string | null) {
  // Inside a transaction the statement must run on its connection, not later in some batch.
  if (db.isTransaction) return findCodesBatch(db, [{ scope, gtins, number }]);
  return lookupBatcher(db).find({ scope, gtins, number });
}

/**
 * The rows of many lookups in one statement (article_lookup_batch(), migration 20261122_0003), each tagged with
 * its request's index (`req`).
 */
export async function findCodesBatch(db: Db, requests: readonly LookupRequest[]) {
  const codes = { req: [] as number[], firma: [] as number[], vkforg: [] as number[], gtin: [] as string[] };
  const numbers = { req: [] as number[], firma: [] as number[], vkforg: [] as number[], number: [] as string[] };
  requests.forEach((r, req) => {
    for (const gtin of r.gtins) {
      codes.req.push(req);
      codes.firma.push(r.scope.firmaId);
      codes.vkforg.push(r.scope.vkforgId);
      codes.gtin.push(gtin);
    }
    if (r.number !== null) {
      numbers.req.push(req);
      numbers.firma.push(r.scope.firmaId);
      numbers.vkforg.push(r.scope.vkforgId);
      numbers.number.push(r.number);
    }
  });
  const ints = intArrayLiteral;
  const texts = textArrayLiteral;
  const result = await sql<LookupRow & { req: number }>`select * from article_lookup_batch(
    ${ints(codes.req)}::int[], ${ints(codes.firma)}::int[], ${ints(codes.vkforg)}::int[], ${texts(codes.gtin)}::text[],
    ${ints(numbers.req)}::int[], ${ints(numbers.firma)}::int[], ${ints(numbers.vkforg)}::int[],
    ${texts(numbers.number)}::text[])`.execute(db);
  return result.rows;
}

export async function findByPlu(db: Db, scope: Scope, plu: string) {
  return summaryQuery(db, scope).where('a.scale_plu', '=', plu).executeTakeFirst();
}
