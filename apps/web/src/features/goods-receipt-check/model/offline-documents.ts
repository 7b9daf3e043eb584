import type {
  DocumentDetail,
  DocumentSearchQuery,
  DocumentSnapshot,
  DocumentSummary,
  DocumentVariant,
} from '@mde/contracts';

// The device's copy of the documents due around today answers like the server while offline: the same
// prefix search newest first, the same scan (printed code or bare number), the same load by id.

const ofKind = (snapshot: DocumentSnapshot, variante: DocumentVariant) =>
  variante === 'BESTELLUNG' ? snapshot.orders : snapshot.receipts;

const newestFirst = (a: DocumentSummary, b: DocumentSummary) =>
  a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1;

export function searchInSnapshot(snapshot: DocumentSnapshot, query: DocumentSearchQuery): DocumentSummary[] {
  return ofKind(snapshot, query.variante)
    .filter((d) => !query.nummer || d.number.startsWith(query.nummer))
    .filter((d) => !query.bezugsnummer || (d.referenceNumber ?? '').startsWith(query.bezugsnummer))
    .map(({ lines: _lines, ...summary }) => summary)
    .sort(newestFirst);
}

export const scanInSnapshot = (snapshot: DocumentSnapshot, variante: DocumentVariant, code: string) =>
  ofKind(snapshot, variante)
    .filter((d) => d.barcode === code || d.number === code)
    .sort((a, b) => b.id - a.id)[0];

export const findInSnapshot = (
  snapshot: DocumentSnapshot,
  variante: DocumentVariant,
  id: number,
): DocumentDetail | undefined => ofKind(snapshot, variante).find((d) => d.id === id);
