import { type ArticleSearchQuery, type ArticleSearchResult, type ArticleSummary, normaliseGtin } from '@mde/contracts';
import type { Db } from '../../db/database';
import type { Scope } from './article-scope';
import { findIdsByCodes, listArticles, searchArticles } from './article-search.repository';
import { toSummary } from './article-summary';
import { findSummaries } from './article-summary.repository';

/** Search over number, designations and codes (docs/modules.md#artikel-info: "list = search"), paged. */
export async function searchArticleList(db: Db, scope: Scope, query: ArticleSearchQuery): Promise<ArticleSearchResult> {
  const { page, pageSize } = query;
  const q = query.q.trim();
  const offset = (page - 1) * pageSize;
  let rows: Awaited<ReturnType<typeof listArticles>>;
  if (q === '') rows = await listArticles(db, scope, pageSize + 1, offset);
  else {
    const normalised = normaliseGtin(q);
    const gtins = normalised.kind === 'gtin' ? normalised.candidates.map((c) => c.gtin14) : [];
    const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
    const codeMatches = await findIdsByCodes(db, scope.firmaId, gtins);
    rows = await searchArticles(db, scope, { exact: q, codeMatches, words }, pageSize + 1, offset);
  }
  return {
    items: rows.slice(0, pageSize).map(toSummary),
    page,
    pageSize,
    hasMore: rows.length > pageSize,
  };
}

/** The summaries of the given articles, in the given order; one not listed in the scope's vkforg is left out. */
export async function summariesInOrder(db: Db, scope: Scope, ids: readonly number[]): Promise<ArticleSummary[]> {
  const byId = new Map((await findSummaries(db, scope, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row)] : [];
  });
}
