import type { DocumentVariant } from '@mde/contracts';

// docs/spec.md §7 document calls (without the /api base), in one place for every fetcher.
const part = (v: string | number) => encodeURIComponent(String(v));
const kindPath = (variante: DocumentVariant) => (variante === 'BESTELLUNG' ? '/v1/bestellung' : '/v1/warenuebernahme');

export const documentEndpoints = {
  search: (variante: DocumentVariant, filter: { nummer?: string; bezugsnummer?: string }) => {
    const query = new URLSearchParams({ variante });
    if (filter.nummer) query.set('nummer', filter.nummer);
    if (filter.bezugsnummer) query.set('bezugsnummer', filter.bezugsnummer);
    return `/v1/belege?${query}`;
  },
  snapshot: '/v1/belege/offline',
  scan: (variante: DocumentVariant, code: string) => `${kindPath(variante)}/scan/${part(code)}`,
  load: (variante: DocumentVariant, id: number) => `${kindPath(variante)}/${part(id)}`,
} as const;
