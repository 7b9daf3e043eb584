import type { ArticleDetail } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { withOfflineFallback } from '../../../articles/offline-fallback';
import { apiFetch, networkError } from '../../../lib/api-client';
import type { ArticleCacheRow } from '../../../offline/article-cache/rows';
import { getCachedArticle } from '../../../offline/article-cache/search';
import { db } from '../../../offline/db';
import { articleEndpoints } from './endpoints';
import { articleInfoKeys } from './keys';

/** Full detail from the server, or offline the cached part (designations, codes, units, price, stock). */
export type ArticleDetailAnswer = { kind: 'server'; detail: ArticleDetail } | { kind: 'cache'; row: ArticleCacheRow };

export const fetchArticleDetail = (articleId: number, signal?: AbortSignal) =>
  apiFetch<ArticleDetail>(articleEndpoints.detail(articleId), { signal });

async function detailOffline(vkforgId: number, articleId: number) {
  const cached = await getCachedArticle(db, vkforgId, articleId);
  if (!cached) throw networkError();
  return { data: { kind: 'cache' as const, row: cached.row }, offline: true as const, snapshotAt: cached.snapshotAt };
}

export const articleDetailQuery = (vkforgId: number, articleId: number) =>
  queryOptions({
    queryKey: articleInfoKeys.detail(vkforgId, articleId),
    // Offline the cache answers: the query must run without network instead of pausing.
    networkMode: 'always',
    queryFn: ({ signal }) =>
      withOfflineFallback<ArticleDetailAnswer>(
        async () => ({ kind: 'server', detail: await fetchArticleDetail(articleId, signal) }),
        () => detailOffline(vkforgId, articleId),
      ),
  });

export const useArticleDetail = (vkforgId: number, articleId: number) =>
  useQuery(articleDetailQuery(vkforgId, articleId));

/**
 * The article as the device has it, read while the server's detail is on its way: the name and number are on
 * the screen at once after a scan, the figures follow from the server.
 */
export const useCachedArticleHead = (vkforgId: number, articleId: number) =>
  useQuery({
    queryKey: [...articleInfoKeys.detail(vkforgId, articleId), 'device'],
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => (await getCachedArticle(db, vkforgId, articleId))?.row ?? null,
  });
