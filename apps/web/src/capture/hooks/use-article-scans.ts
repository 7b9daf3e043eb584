import { useNavigate } from 'react-router';
import type { CaptureScope } from '../../offline/captures/rows';
import { feedback } from '../../scanner';
import type { CaptureModuleDef } from '../capture-module';
import { useResolveScan } from './use-resolve-scan';
import { useScanQueue } from './use-scan-queue';

interface Options {
  def: CaptureModuleDef;
  scope: CaptureScope;
  location: string | null;
  /** Called before the next article opens; false keeps the screen (the open entry is invalid). */
  beforeNext: () => Promise<boolean>;
  /** False once the screen is on its way back to the list: later scans belong to the list. */
  accepting?: () => boolean;
}

/** Scans on the article capture screen and the search ('Weiter scannen'): the next article opens here. */
export function useArticleScans({ def, scope, location, beforeNext, accepting }: Options) {
  const navigate = useNavigate();
  const resolve = useResolveScan(scope);
  return useScanQueue(
    async (code) => {
      const lookup = await resolve(code);
      if (!lookup) return;
      if (!(await beforeNext())) {
        feedback.error();
        return;
      }
      feedback.ok();
      navigate(def.paths.articleCapture(lookup.article.idartstamm), {
        replace: true,
        state: { unit: lookup.unit, factor: lookup.factor, quantity: lookup.quantity, location },
      });
    },
    true,
    accepting,
  );
}
