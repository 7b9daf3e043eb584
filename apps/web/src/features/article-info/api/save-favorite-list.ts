import type { FavoriteList, FavoriteListBody } from '@mde/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleEndpoints } from './endpoints';
import { articleInfoKeys } from './keys';

export const createFavoriteList = (body: FavoriteListBody) =>
  apiFetch<FavoriteList>(articleEndpoints.favoriteLists, { method: 'POST', body });

export const renameFavoriteList = (listId: number, body: FavoriteListBody) =>
  apiFetch<FavoriteList>(articleEndpoints.favoriteList(listId), { method: 'PATCH', body });

/** Creates a list, or renames it when `listId` is given. */
export function useSaveFavoriteList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, name }: { listId?: number; name: string }) =>
      listId === undefined ? createFavoriteList({ name }) : renameFavoriteList(listId, { name }),
    onSuccess: () => client.invalidateQueries({ queryKey: articleInfoKeys.favoriteLists() }),
  });
}
