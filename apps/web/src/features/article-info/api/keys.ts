// Query keys of Artikel-Info; mutations invalidate through these (docs/conventions.md#web).
export const articleInfoKeys = {
  all: ['article-info'] as const,
  details: () => [...articleInfoKeys.all, 'detail'] as const,
  detail: (vkforgId: number, articleId: number) => [...articleInfoKeys.details(), vkforgId, articleId] as const,
  favoriteLists: () => [...articleInfoKeys.all, 'favorite-lists'] as const,
  favoriteListsFor: (articleId?: number) => [...articleInfoKeys.favoriteLists(), 'for', articleId ?? null] as const,
  favoriteList: (listId: number) => [...articleInfoKeys.favoriteLists(), 'detail', listId] as const,
  searchHistory: () => [...articleInfoKeys.all, 'search-history'] as const,
};
