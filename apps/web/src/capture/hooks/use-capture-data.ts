import { captureDb } from '../../offline/captures/capture-db';
import { headerOf, latestExport, unresolvedCodesOf } from '../../offline/captures/capture-queries';
import { listedLines } from '../../offline/captures/capture-store';
import type { CaptureScope } from '../../offline/captures/rows';
import { knownHeader, noteHeader } from './known-headers';
import { useLiveQuery } from './use-live-query';

/**
 * The newest `limit` lines of the open capture (docs/spec.md §3: sorted by id descending) and how many it has. Read by
 * key, so a save on a 5,000-line count re-reads one page, not the whole capture, before the next scan lands.
 */
export function useCaptureLines(scope: CaptureScope | null, limit: number) {
  return useLiveQuery(async () => {
    if (!scope) return { lines: [], count: 0 };
    const lines = await listedLines(captureDb, scope).limit(limit).toArray();
    const count = lines.length < limit ? lines.length : await listedLines(captureDb, scope).count();
    return { lines, count };
  }, [scope, limit]);
}

export function useCaptureLineCount(scope: CaptureScope | null) {
  return useLiveQuery(async () => (scope ? listedLines(captureDb, scope).count() : 0), [scope]);
}

export function useCaptureHeader(scope: CaptureScope | null) {
  return useLiveQuery(
    async () => {
      if (!scope) return null;
      const header = await headerOf(captureDb, scope);
      noteHeader(scope, header);
      return header;
    },
    [scope],
    scope ? knownHeader(scope) : undefined,
  );
}

/** The newest export of the module, for the document number after the export. */
export function useLatestExport(scope: CaptureScope | null) {
  return useLiveQuery(async () => {
    if (!scope) return null;
    return latestExport(captureDb, scope);
  }, [scope]);
}

export function useUnresolvedCodes(scope: CaptureScope | null) {
  return useLiveQuery(async () => {
    if (!scope) return [];
    return unresolvedCodesOf(captureDb, scope);
  }, [scope]);
}
