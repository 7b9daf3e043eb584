import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleEndpoints } from './endpoints';
import { articleInfoKeys } from './keys';

export const deleteFavoriteList = (listId: number) =>
  apiFetch<{ ok: true }>(articleEndpoints.favoriteList(listId), { method: 'DELETE' });

export function useDeleteFavoriteList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFavoriteList,
    onSuccess: () => client.invalidateQueries({ queryKey: articleInfoKeys.favoriteLists() }),
  });
}
