import type { ArticleSearchResult } from '@mde/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { searchCachedArticles } from '../../../offline/article-cache/search';
import { db } from '../../../offline/db';
import { articleEndpoints } from './endpoints';
import { articleInfoKeys } from './keys';
import { type Sourced, withOfflineFallback } from './offline-fallback';

export const SEARCH_PAGE_SIZE = 25;

export function fetchArticleSearch(q: string, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ q, page: String(page), pageSize: String(SEARCH_PAGE_SIZE) });
  return apiFetch<ArticleSearchResult>(`${articleEndpoints.search}?${params}`, { signal });
}

async function searchOffline(vkforgId: number, q: string): Promise<Sourced<ArticleSearchResult>> {
  const { items, snapshotAt } = await searchCachedArticles(db, vkforgId, q);
  return { data: { items, page: 1, pageSize: items.length, hasMore: false }, offline: true, snapshotAt };
}

export const articleSearchQuery = (vkforgId: number, q: string) =>
  infiniteQueryOptions({
    queryKey: articleInfoKeys.search(vkforgId, q),
    queryFn: ({ pageParam, signal }) =>
      withOfflineFallback(
        () => fetchArticleSearch(q, pageParam, signal),
        () => searchOffline(vkforgId, q),
      ),
    // Offline the cache answers: the query must run without network instead of pausing.
    networkMode: 'always',
    initialPageParam: 1,
    // The old hits stay while the next term loads, so the list does not flicker while typing.
    placeholderData: keepPreviousData,
    getNextPageParam: (last: Sourced<ArticleSearchResult>) => (last.data.hasMore ? last.data.page + 1 : undefined),
  });

export const useArticleSearch = (vkforgId: number, q: string) => useInfiniteQuery(articleSearchQuery(vkforgId, q));
