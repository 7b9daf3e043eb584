import type { CaptureScope } from '../../../capture/hooks/device-store';
import { useCaptureHeader, useCaptureLines } from '../../../capture/hooks/use-capture-data';
import { useDocument } from '../api/documents';
import { countCoverage } from '../model/count-coverage';

/** Most lines the comparison reads from the device: far above any delivery. */
export const MAX_LINES = 10_000;

/** How many of the checked document's lines the open count covers; null while no document is loaded. */
export function useCountCoverage(scope: CaptureScope | null) {
  const header = useCaptureHeader(scope)?.header;
  const lines = useCaptureLines(scope, MAX_LINES)?.lines;
  const document = useDocument(header?.art, header?.documentId);
  if (!document.data || !lines) return null;
  return countCoverage(document.data.lines, lines);
}
