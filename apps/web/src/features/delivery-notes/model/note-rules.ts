import { type DocumentSummary, type Permission, stripSymbologyId } from '@mde/contracts';

/** docs/spec.md §6: editing a delivery note needs SOFTAPPS.DELIVERY_NOTE_EDIT; without it the screen is read-only. */
export const canEditNotes = (permissions: readonly string[]) =>
  permissions.includes('SOFTAPPS.DELIVERY_NOTE_EDIT' satisfies Permission);

/** The suppliers of the listed notes for the supplier filter, by name, each once. */
export function supplierOptions(notes: readonly DocumentSummary[]): { value: string; label: string }[] {
  const byId = new Map<number, string>();
  for (const n of notes) byId.set(n.supplierId, n.supplierName);
  return [...byId]
    .sort((a, b) => a[1].localeCompare(b[1], 'de'))
    .map(([id, name]) => ({ value: String(id), label: name }));
}

/** The note a scanned code names: the code printed on it, or its bare number (as Warenverprobung reads one). */
export function noteByCode<T extends Pick<DocumentSummary, 'number' | 'barcode'>>(
  notes: readonly T[],
  raw: string,
): T | undefined {
  const code = stripSymbologyId(raw).trim().toUpperCase();
  if (!code) return undefined;
  return (
    notes.find((n) => n.barcode !== null && n.barcode.toUpperCase() === code) ??
    notes.find((n) => n.number.toUpperCase() === code)
  );
}
