import type { ArticleSearchResult } from '@mde/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api-client';
import { searchCachedArticles } from '../offline/article-cache/search';
import { db } from '../offline/db';
import { articlesEndpoints, articlesKeys } from './endpoints';
import { type Sourced, withOfflineFallback } from './offline-fallback';

export const SEARCH_PAGE_SIZE = 25;

async function searchOffline(vkforgId: number, q: string): Promise<Sourced<ArticleSearchResult>> {
  const { items, snapshotAt } = await searchCachedArticles(db, vkforgId, q);
  return { data: { items, page: 1, pageSize: items.length, hasMore: false }, offline: true, snapshotAt };
}

/** Text, article number or EAN (docs/modules.md): the server's search, or the device's cache without network. */
export const searchArticles = (
  vkforgId: number,
  q: string,
  { page = 1, pageSize = SEARCH_PAGE_SIZE, signal }: { page?: number; pageSize?: number; signal?: AbortSignal } = {},
) =>
  withOfflineFallback(
    () => apiFetch<ArticleSearchResult>(articlesEndpoints.search(q, page, pageSize), { signal }),
    () => searchOffline(vkforgId, q),
  );

export const articleSearchQuery = (vkforgId: number, q: string, pageSize = SEARCH_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: articlesKeys.search(vkforgId, q, pageSize),
    queryFn: ({ pageParam, signal }) => searchArticles(vkforgId, q, { page: pageParam, pageSize, signal }),
    // Offline the cache answers: the query must run without network instead of pausing.
    networkMode: 'always',
    initialPageParam: 1,
    // The old hits stay while the next term loads, so the list does not flicker while typing.
    placeholderData: keepPreviousData,
    getNextPageParam: (last: Sourced<ArticleSearchResult>) => (last.data.hasMore ? last.data.page + 1 : undefined),
  });

/** The one article search of the app: Artikel-Info's list and the capture screens' 'Artikel suchen'. */
export const useArticleSearch = (vkforgId: number, q: string, options: { pageSize?: number; enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...articleSearchQuery(vkforgId, q, options.pageSize), enabled: options.enabled ?? true });

/**
 * The picker's view of the search ('Artikel suchen' on a capture or storage location): one page of 50 hits,
 * asked only once something is typed, and whether the device's cache answered.
 */
export function useArticlePicker(vkforgId: number, q: string) {
  const search = useArticleSearch(vkforgId, q, { pageSize: 50, enabled: q.trim().length > 0 });
  const hits = search.data?.pages.flatMap((p) => p.data.items);
  return { search, hits, offline: search.data?.pages[0]?.offline ?? false };
}
