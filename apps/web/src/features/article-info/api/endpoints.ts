// The Artikel-Info API paths (ARCHITECTURE.md: /api/v1/<module>/…), in one place for every fetcher.
const base = '/v1/articles';
const id = (v: number | string) => encodeURIComponent(String(v));

export const articleEndpoints = {
  search: base,
  lookup: (code: string) => `${base}/lookup/${encodeURIComponent(code)}`,
  detail: (articleId: number) => `${base}/${id(articleId)}`,
  favoriteLists: `${base}/favorite-lists`,
  favoriteList: (listId: number) => `${base}/favorite-lists/${id(listId)}`,
  favoriteArticle: (listId: number, articleId: number) =>
    `${base}/favorite-lists/${id(listId)}/articles/${id(articleId)}`,
  searchHistory: `${base}/search-history`,
  cache: `${base}/cache`,
} as const;
