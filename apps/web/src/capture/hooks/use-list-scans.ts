import { useEffect, useRef } from 'react';
import { notifyError } from '../../lib/notify';
import type { CaptureScope } from '../../offline/captures/rows';
import { feedback, markScan } from '../../scanner';
import type { CaptureModuleDef } from '../capture-module';
import { commitEntry, existingLine } from '../commit-entry';
import { useOpenCapture } from './use-open-capture';
import { useResolveScan } from './use-resolve-scan';
import { useScanQueueAt } from './use-scan-queue';

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
  /** The list's own path: it stays mounted behind a line's entry and does not follow the address. */
  route: string;
}

/**
 * A scan on the capture list (docs/modules.md#capture-engine): goes straight to the article, or in quick mode adds one at once.
 * Unknown codes go to the list of open codes; misreads ask for another scan.
 */
export function useListScans({ def, scope, quick, location, blocked, takeLocation, route }: Options) {
  const resolve = useResolveScan(scope);
  const open = useOpenCapture(def, scope);
  // From the scan that opens a line's entry until the entry is closed again, further scans are the entry's
  // (it saves the open line first): one that queued here meanwhile is handed over, none is answered twice.
  // The list's effects rest while the entry covers it and run again when it shows (capture-list-page.tsx).
  const opening = useRef(false);
  useEffect(() => {
    opening.current = false;
  }, []);
  // Until the capture is known the list takes no scan: one fired as the list opens waits the moment for it.
  return useScanQueueAt(
    route,
    async (code) => {
      if (!scope) return;
      if (takeLocation?.(code)) return;
      if (blocked) {
        feedback.error();
        notifyError(blocked);
        return;
      }
      const found = await resolve(code);
      if (!found) return;
      markScan('resolved');
      feedback.ok();
      const { lookup } = found;
      if (!quick || def.info.hasReasons) {
        opening.current = true;
        await open(lookup, { location, cached: found.cached });
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
    },
    scope !== null,
    () => !opening.current,
  );
}
