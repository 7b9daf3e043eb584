import { SEARCH_HISTORY_LIMIT, type SearchHistoryBody, type SearchHistoryEntry } from '@mde/contracts';
import type { Db } from '../../db/database';
import { requireArticle } from './article-detail.service';
import type { FavoriteContext } from './favorites.service';
import * as repo from './search-history.repository';

export async function searchHistory(db: Db, ctx: FavoriteContext): Promise<{ items: SearchHistoryEntry[] }> {
  const rows = await repo.listHistory(db, ctx, SEARCH_HISTORY_LIMIT);
  return {
    items: rows.map((r) => ({
      id: r.id,
      term: r.term,
      article:
        r.article_id !== null && r.number !== null && r.designation1 !== null
          ? { idartstamm: r.article_id, number: r.number, designation1: r.designation1 }
          : null,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/** Records a search term or an opened article (which must be one the user may see). */
export async function recordSearch(db: Db, ctx: FavoriteContext, body: SearchHistoryBody) {
  if ('idartstamm' in body) {
    await requireArticle(db, ctx, body.idartstamm);
    await repo.recordHistory(db, ctx, { articleId: body.idartstamm }, SEARCH_HISTORY_LIMIT);
  } else {
    await repo.recordHistory(db, ctx, { term: body.term }, SEARCH_HISTORY_LIMIT);
  }
  return searchHistory(db, ctx);
}

export async function clearSearchHistory(db: Db, ctx: FavoriteContext) {
  await repo.clearHistory(db, ctx);
}
