import type { CaptureScope } from '../../offline/captures/rows';
import { feedback } from '../../scanner';
import type { CaptureModuleDef } from '../capture-module';
import { useOpenCapture } from './use-open-capture';
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
  /** False while the entry is drawn and its address not yet there: scans wait in the buffer for it. */
  enabled?: boolean;
  /** The scan found no article (unknown code, misread): the screen stays on its article. */
  onRefused?: () => void;
  /** A count by storage location: takes a scanned location code (true), or leaves the scan to the articles. */
  takeLocation?: (code: string) => boolean;
}

/** Scans on the article capture screen and the search ('Weiter scannen'): the next article opens here. */
export function useArticleScans({
  def,
  scope,
  location,
  beforeNext,
  accepting,
  enabled = true,
  onRefused,
  takeLocation,
}: Options) {
  const resolve = useResolveScan(scope);
  const open = useOpenCapture(def, scope);
  return useScanQueue(
    async (code) => {
      if (takeLocation?.(code)) return;
      const found = await resolve(code);
      if (!found) {
        onRefused?.();
        return;
      }
      if (!(await beforeNext())) {
        feedback.error();
        return;
      }
      feedback.ok();
      await open(found.lookup, { location, replace: true, cached: found.cached });
    },
    enabled,
    accepting,
  );
}
