import { type HeaderFacts, inventoryCountHeaderProblem } from '@mde/contracts';
import { paths } from '../../../lib/paths';

/** docs/spec.md §2/§5: the capture list needs a warehouse and a document date, otherwise it goes to start. */
export function captureListRedirect(header: HeaderFacts): string | null {
  return inventoryCountHeaderProblem(header) ? paths.inventoryCount.start : null;
}
