import type { Db } from '../../db/database';
import type { Scope } from './article-scope';
import type { ArticleSummaryTable } from './articles.tables';

/** An article of the scope with its summary for the scope's vkforg (a row of the read model, keyed by id). */
export type SummaryRow = { id: number } & Omit<ArticleSummaryTable, 'article_id' | 'vkforg_id' | 'firma_id'>;

/**
 * Articles of the scope with the summary columns: main code of the base unit ('type:gtin14'), scale-1
 * price and stock total of the vkforg, read from the article_summary read model (a row exists exactly
 * while the article is listed there). Every caller adds its own filter and order.
 */
export function summaryQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('article as a')
    .innerJoin('article_summary as s', (join) =>
      join.onRef('s.article_id', '=', 'a.id').on('s.vkforg_id', '=', scope.vkforgId),
    )
    .where('a.firma_id', '=', scope.firmaId)
    .select([
      'a.id',
      'a.number',
      'a.designation1',
      'a.designation2',
      'a.department',
      'a.base_unit',
      'a.scale_plu',
      's.main_code',
      's.price_cents',
      's.stock_total',
    ]);
}

export async function findSummaryById(db: Db, scope: Scope, id: number): Promise<SummaryRow | undefined> {
  return summaryQuery(db, scope).where('a.id', '=', id).executeTakeFirst();
}

export async function findSummaries(db: Db, scope: Scope, ids: readonly number[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  return summaryQuery(db, scope).where('a.id', 'in', ids).execute();
}
