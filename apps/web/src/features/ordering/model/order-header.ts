import { type HeaderFacts, orderingHeaderProblem } from '@mde/contracts';
import { paths } from '../../../lib/paths';

/** Without a Liefertermin the list goes to the start step, as Inventur asks for its warehouse and date. */
export const orderListRedirect = (header: HeaderFacts): string | null =>
  orderingHeaderProblem(header) ? paths.ordering.start : null;
