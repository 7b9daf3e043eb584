import { paths } from '../../../lib/paths';

/** The chosen header of an Inventur count: warehouse (lager) and document date (belegdatum, 'YYYY-MM-DD'). */
export interface CountHeader {
  lager: number;
  belegdatum: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isCompleteHeader(v: unknown): v is CountHeader {
  if (!v || typeof v !== 'object') return false;
  const h = v as Partial<CountHeader>;
  return (
    typeof h.lager === 'number' &&
    Number.isInteger(h.lager) &&
    h.lager > 0 &&
    typeof h.belegdatum === 'string' &&
    ISO_DATE.test(h.belegdatum)
  );
}

/** docs/spec.md §2/§5: the capture list needs a warehouse and a document date, otherwise it goes to start. */
export function captureListRedirect(header: unknown): string | null {
  return isCompleteHeader(header) ? null : paths.inventoryCount.start;
}
