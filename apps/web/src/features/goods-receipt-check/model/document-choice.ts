import type { DocumentSummary } from '@mde/contracts';

/**
 * What an entered number names: the one document whose number (or reference number) it is exactly, else the
 * only match of the prefix search; several matches leave the choice to the user, none is not found.
 */
export function chooseDocument(
  matches: readonly DocumentSummary[],
  entered: string,
  field: 'nummer' | 'bezugsnummer',
): { kind: 'one'; document: DocumentSummary } | { kind: 'several' } | { kind: 'none' } {
  const value = (d: DocumentSummary) => (field === 'nummer' ? d.number : d.referenceNumber);
  const exact = matches.filter((d) => value(d) === entered);
  const only = exact.length === 1 ? exact[0] : matches.length === 1 ? matches[0] : undefined;
  if (only) return { kind: 'one', document: only };
  return matches.length === 0 ? { kind: 'none' } : { kind: 'several' };
}
