import { captureDb } from '../../offline/captures/capture-db';
import { type CaptureScope, headerKey } from '../../offline/captures/rows';
import { useLiveQuery } from './use-live-query';

const inScope = (s: CaptureScope) =>
  captureDb.lines.where('[owner+module+vkforgId]').equals([s.owner, s.module, s.vkforgId]);

/** Lines of the open capture, newest first (spec §3: sorted by id descending). */
export function useCaptureLines(scope: CaptureScope | null) {
  return useLiveQuery(async () => {
    if (!scope) return [];
    const lines = await inScope(scope)
      .filter((l) => !l.deleted && l.exportKey === null)
      .toArray();
    return lines.sort((a, b) => b.localSeq - a.localSeq);
  }, [scope]);
}

export function useCaptureHeader(scope: CaptureScope | null) {
  return useLiveQuery(async () => (scope ? ((await captureDb.headers.get(headerKey(scope))) ?? null) : null), [scope]);
}

/** The newest export of the module, for the document number after the export. */
export function useLatestExport(scope: CaptureScope | null) {
  return useLiveQuery(async () => {
    if (!scope) return null;
    const rows = await captureDb.exports
      .where('[owner+module+vkforgId]')
      .equals([scope.owner, scope.module, scope.vkforgId])
      .toArray();
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
  }, [scope]);
}

export function useUnresolvedCodes(scope: CaptureScope | null) {
  return useLiveQuery(async () => {
    if (!scope) return [];
    return captureDb.unresolved
      .where('[owner+module+vkforgId]')
      .equals([scope.owner, scope.module, scope.vkforgId])
      .toArray();
  }, [scope]);
}
