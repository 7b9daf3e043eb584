// Lagerplatz-Artikel API paths (server storage-locations.routes.ts), in one place for every fetcher.
const base = '/v1/storage-locations';
const id = (v: number) => encodeURIComponent(String(v));

export const storageEndpoints = {
  locations: base,
  snapshot: `${base}/snapshot`,
  location: (locationId: number) => `${base}/${id(locationId)}`,
  assignments: (locationId: number) => `${base}/${id(locationId)}/articles`,
  assignment: (locationId: number, articleId: number) => `${base}/${id(locationId)}/articles/${id(articleId)}`,
  removal: (locationId: number, articleId: number, version: number) =>
    `${base}/${id(locationId)}/articles/${id(articleId)}?version=${id(version)}`,
} as const;
