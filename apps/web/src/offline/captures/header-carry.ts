import type { CaptureHeaderRow } from './rows';

type Header = CaptureHeaderRow['header'];

/**
 * What an exported capture's header (Kopf) hands on to the next capture of the module, so the next order or
 * count does not start without one: the warehouse stays; a delivery date (Liefertermin) stays while it is still
 * in the future, a document date (Belegdatum) while it is today; the supplier of a return does not (each
 * return is its own supplier's). Null when nothing is left, and the module asks for its header again.
 */
export function carriedHeader(header: Header | null | undefined, today: string): Header | null {
  if (!header) return null;
  const next: Header = {
    datum: header.datum && header.datum > today ? header.datum : null,
    lager: header.lager ?? null,
    belegdatum: header.belegdatum && header.belegdatum >= today ? header.belegdatum : null,
    supplierId: null,
  };
  return next.datum || next.lager || next.belegdatum ? next : null;
}

/** The header still holds only what the export handed on (nobody chose a new one since): a refused export may take it back. */
export function onlyCarriedFrom(current: Header | null | undefined, exported: Header): boolean {
  if (!current) return true;
  return (['datum', 'lager', 'belegdatum', 'supplierId'] as const).every(
    (f) => current[f] == null || current[f] === exported[f],
  );
}

/** The set-header change of a carried header names only what it keeps: a field it left empty stays as it is. */
export const carriedChange = (header: Header) =>
  Object.fromEntries(Object.entries(header).filter(([, v]) => v !== null && v !== undefined));
