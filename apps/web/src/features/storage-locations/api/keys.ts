// Query keys of the Lagerplatz-Artikel module; a synced change invalidates through these (docs/conventions.md#web).
export const storageKeys = {
  all: ['storage-locations'] as const,
  scope: (vkforgKey: string) => [...storageKeys.all, vkforgKey] as const,
  snapshot: (vkforgKey: string) => [...storageKeys.scope(vkforgKey), 'snapshot'] as const,
  location: (vkforgKey: string, locationId: number) =>
    [...storageKeys.scope(vkforgKey), 'location', locationId] as const,
  product: (vkforgKey: string, locationId: number, articleId: number) =>
    [...storageKeys.scope(vkforgKey), 'product', locationId, articleId] as const,
  outbox: () => [...storageKeys.all, 'outbox'] as const,
};
