import { type ArticleSearchQuery, type ArticleSearchResult, normaliseGtin } from '@mde/contracts';
import type { Db } from '../../db/database';
import { findIdsByCodes, listArticles, searchArticles } from './article-search.repository';
import { toSummary } from './article-summary';
import type { Scope } from './article-summary.repository';

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
