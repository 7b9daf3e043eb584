import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { type Scope, type SummaryRow, summaryQuery } from './article-summary.repository';

export interface LookupRow extends SummaryRow {
  /** The matched code, or null for an article-number match. */
  gtin14: string | null;
  code_unit: string | null;
  code_factor: number | null;
}

/**
 * Articles of the scope carrying one of the GTIN-14s or the article number, in one round trip through
 * the plan-cached article_lookup() function of migration 0010.
 */
export async function findByCodesOrNumber(db: Db, scope: Scope, gtins: readonly string[], number: string | null) {
  const result = await sql<LookupRow>`select * from article_lookup(${scope.firmaId}, ${scope.vkforgId},
    ${[...gtins]}::text[], ${number}::text)`.execute(db);
  return result.rows;
}

export async function findByPlu(db: Db, scope: Scope, plu: string) {
  return summaryQuery(db, scope).where('a.scale_plu', '=', plu).executeTakeFirst();
}
