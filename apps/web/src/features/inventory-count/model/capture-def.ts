import { inventoryCountHeaderProblem, inventoryCountModule } from '@mde/contracts';
import { type CaptureModuleDef, shownHeaderFields } from '../../../capture/capture-module';
import { paths } from '../../../lib/paths';
import { DifferenceReport } from '../components/difference-report';

/** Inventur (docs/modules.md#inventur): warehouse and document date first, location-first scanning, difference report. */
export const inventoryCountDef: CaptureModuleDef = {
  info: inventoryCountModule,
  name: 'inventory-count',
  paths: paths.inventoryCount,
  headerPath: paths.inventoryCount.start,
  headerFields: shownHeaderFields(inventoryCountModule.headerFields),
  needsHeader: (h) => !inventoryCountHeaderProblem(h?.header),
  locationFirst: true,
  ResultView: DifferenceReport,
};
