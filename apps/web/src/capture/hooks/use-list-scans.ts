import { notifyError } from '../../lib/notify';
import type { CaptureScope } from '../../offline/captures/rows';
import { feedback, markScan } from '../../scanner';
import type { CaptureModuleDef } from '../capture-module';
import { commitEntry, existingLine } from '../commit-entry';
import { useOpenCapture } from './use-open-capture';
import { useResolveScan } from './use-resolve-scan';
import { useScanQueue } from './use-scan-queue';

interface Options {
  def: CaptureModuleDef;
  scope: CaptureScope | null;
  /** Schnellerfassung: every scan is one more of the article, saved at once. */
  quick: boolean;
  location: string | null;
  /** Why lines cannot be captured yet (header missing), or null. */
  blocked: string | null;
  /** A count by storage location: takes a scanned location code (true), or leaves the scan to the articles. */
  takeLocation?: (code: string) => boolean;
}

/**
 * A scan on the capture list (docs/modules.md#capture-engine): goes straight to the article, or in quick mode adds one at once.
 * Unknown codes go to the list of open codes; misreads ask for another scan.
 */
export function useListScans({ def, scope, quick, location, blocked, takeLocation }: Options) {
  const resolve = useResolveScan(scope);
  const open = useOpenCapture(def, scope);
  // Until the capture is known the list takes no scan: one fired as the list opens waits the moment for it.
  return useScanQueue(async (code) => {
    if (!scope) return;
    if (takeLocation?.(code)) return;
    if (blocked) {
      feedback.error();
      notifyError(blocked);
      return;
    }
    const lookup = await resolve(code);
    if (!lookup) return;
    markScan('resolved');
    feedback.ok();
    if (!quick || def.info.hasReasons) {
      await open(lookup, { location });
      return;
    }
    const entry = {
      quantity: lookup.quantity,
      unit: lookup.unit,
      factor: lookup.factor,
      storageLocation: location,
      reason: null,
      batch: def.info.tracksBatch ? (lookup.gs1?.batch ?? null) : null,
      bestBefore: def.info.tracksBatch ? (lookup.gs1?.expiry ?? null) : null,
    };
    const existing = await existingLine(scope, lookup.article.idartstamm, entry);
    await commitEntry(scope, lookup.article, entry, existing, 'add');
  }, scope !== null);
}
