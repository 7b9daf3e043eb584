import type { DocumentVariant } from '@mde/contracts';

// Query keys of the Warenverprobung documents (docs/conventions.md#web: one key factory per feature).
export const documentKeys = {
  all: ['goods-receipt-check', 'documents'] as const,
  searches: () => [...documentKeys.all, 'search'] as const,
  search: (variante: DocumentVariant, nummer: string, bezugsnummer: string) =>
    [...documentKeys.searches(), variante, nummer, bezugsnummer] as const,
  document: (variante: DocumentVariant, id: number) => [...documentKeys.all, 'document', variante, id] as const,
};
