// The Artikel-Info API paths (docs/architecture.md#api-conventions: /api/v1/<module>/…); search and lookup are the catalogue's (src/articles).
const base = '/v1/articles';
const id = (v: number | string) => encodeURIComponent(String(v));

export const articleEndpoints = {
  detail: (articleId: number) => `${base}/${id(articleId)}`,
  favoriteLists: `${base}/favorite-lists`,
  favoriteList: (listId: number) => `${base}/favorite-lists/${id(listId)}`,
  favoriteArticle: (listId: number, articleId: number) =>
    `${base}/favorite-lists/${id(listId)}/articles/${id(articleId)}`,
  searchHistory: `${base}/search-history`,
} as const;
