import { RETURNS_MSG, returnsHeaderProblem, returnsModule } from '@mde/contracts';
import { type CaptureModuleDef, shownHeaderFields } from '../../../capture/capture-module';
import { paths } from '../../../lib/paths';

/** Retouren (docs/modules.md#retouren): document date and supplier first, a reason per line, the supplier check. */
export const returnsDef: CaptureModuleDef = {
  info: returnsModule,
  name: 'returns',
  paths: paths.returns,
  headerPath: paths.returns.documentDate,
  headerFields: shownHeaderFields(returnsModule.headerFields),
  needsHeader: (h) => !returnsHeaderProblem(h?.header),
};

export const returnsHeaderMessage = RETURNS_MSG.headerMissing;
