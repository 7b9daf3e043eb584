import { orderingHeaderProblem, orderingModule } from '@mde/contracts';
import { type CaptureModuleDef, shownHeaderFields } from '../../../capture/capture-module';
import { paths } from '../../../lib/paths';

/** Bestellung (docs/modules.md#bestellung): delivery date at the start, order units, a warning below the supplier minimum. */
export const orderingDef: CaptureModuleDef = {
  info: orderingModule,
  name: 'ordering',
  paths: paths.ordering,
  headerPath: paths.ordering.start,
  headerFields: shownHeaderFields(orderingModule.headerFields),
  needsHeader: (h) => !orderingHeaderProblem(h?.header),
  supplierMinimum: true,
};
