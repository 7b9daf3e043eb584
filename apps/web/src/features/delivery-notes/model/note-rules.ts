import type { DocumentSummary, Permission } from '@mde/contracts';

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
