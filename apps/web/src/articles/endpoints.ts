// The article catalogue's API paths (server modules/articles), in one place for every fetcher.
const base = '/v1/articles';

export const articlesEndpoints = {
  search: (q: string, page: number, pageSize: number) =>
    `${base}?${new URLSearchParams({ q, page: String(page), pageSize: String(pageSize) })}`,
  lookup: (code: string) => `${base}/lookup/${encodeURIComponent(code)}`,
  cache: `${base}/cache`,
} as const;

// Query keys of the catalogue: Artikel-Info and the capture screens share the answers.
export const articlesKeys = {
  all: ['articles'] as const,
  search: (vkforgId: number, q: string, pageSize: number) =>
    [...articlesKeys.all, 'search', vkforgId, q, pageSize] as const,
};
