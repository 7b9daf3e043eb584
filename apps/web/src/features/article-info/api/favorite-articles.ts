import type { FavoriteListDetail } from '@mde/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleEndpoints } from './endpoints';
import { articleInfoKeys } from './keys';

export const addFavoriteArticle = (listId: number, articleId: number) =>
  apiFetch<FavoriteListDetail>(articleEndpoints.favoriteArticle(listId, articleId), { method: 'PUT' });

export const removeFavoriteArticle = (listId: number, articleId: number) =>
  apiFetch<FavoriteListDetail>(articleEndpoints.favoriteArticle(listId, articleId), { method: 'DELETE' });

/** Adds (`add: true`) or removes an article from a favorite list; every list view refreshes. */
export function useToggleFavoriteArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, articleId, add }: { listId: number; articleId: number; add: boolean }) =>
      add ? addFavoriteArticle(listId, articleId) : removeFavoriteArticle(listId, articleId),
    onSuccess: () => client.invalidateQueries({ queryKey: articleInfoKeys.favoriteLists() }),
  });
}
