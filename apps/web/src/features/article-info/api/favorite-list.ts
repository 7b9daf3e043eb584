import type { FavoriteListDetail } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleEndpoints } from './endpoints';
import { articleInfoKeys } from './keys';

export const fetchFavoriteList = (listId: number, signal?: AbortSignal) =>
  apiFetch<FavoriteListDetail>(articleEndpoints.favoriteList(listId), { signal });

export const favoriteListQuery = (listId: number) =>
  queryOptions({
    queryKey: articleInfoKeys.favoriteList(listId),
    queryFn: ({ signal }) => fetchFavoriteList(listId, signal),
  });

export const useFavoriteList = (listId: number) => useQuery(favoriteListQuery(listId));
