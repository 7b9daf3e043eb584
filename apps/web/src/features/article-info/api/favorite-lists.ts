import type { FavoriteList } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleEndpoints } from './endpoints';
import { articleInfoKeys } from './keys';

/** With `articleId` each list says whether it already holds that article (add-to-favorites dialog). */
export function fetchFavoriteLists(articleId?: number, signal?: AbortSignal) {
  const query = articleId === undefined ? '' : `?articleId=${articleId}`;
  return apiFetch<FavoriteList[]>(`${articleEndpoints.favoriteLists}${query}`, { signal });
}

export const favoriteListsQuery = (articleId?: number) =>
  queryOptions({
    queryKey: articleInfoKeys.favoriteListsFor(articleId),
    queryFn: ({ signal }) => fetchFavoriteLists(articleId, signal),
  });

export const useFavoriteLists = (articleId?: number) => useQuery(favoriteListsQuery(articleId));
