import type { ArticleSearchResult, ArticleSummary } from '@mde/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api-client';
import { searchCachedArticles } from '../../offline/article-cache/search';
import { captureEndpoints, captureKeys, isOffline } from './endpoints';

/** Text, article number or EAN (MODULES.md artikel-erfassen/suche); offline from the article cache. */
export async function searchArticles(
  vkforgId: number,
  q: string,
): Promise<{ items: ArticleSummary[]; offline: boolean }> {
  const offline = async () => {
    const { db } = await import('../../offline/db');
    return { items: (await searchCachedArticles(db, vkforgId, q)).items, offline: true };
  };
  if (isOffline()) return offline();
  try {
    return { items: (await apiFetch<ArticleSearchResult>(captureEndpoints.search(q))).items, offline: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return offline();
    throw error;
  }
}

export const useArticleSearch = (vkforgId: number, q: string) =>
  useQuery({
    queryKey: captureKeys.search(vkforgId, q),
    queryFn: () => searchArticles(vkforgId, q),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
