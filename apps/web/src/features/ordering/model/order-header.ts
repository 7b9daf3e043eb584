import { paths } from '../../../lib/paths';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An order needs its Liefertermin (datum) before the first line: the server refuses to export one without it,
 * so the list asks for it first, as Inventur asks for its warehouse and date.
 */
export function hasDeliveryDate(header: unknown): boolean {
  if (!header || typeof header !== 'object') return false;
  const datum = (header as { datum?: unknown }).datum;
  return typeof datum === 'string' && ISO_DATE.test(datum);
}

/** Without a Liefertermin the list goes to the start step. */
export const orderListRedirect = (header: unknown): string | null =>
  hasDeliveryDate(header) ? null : paths.ordering.start;
