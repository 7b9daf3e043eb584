import { type CaptureHeaderRow, type CaptureScope, headerKey } from '../../offline/captures/rows';

// The header last read or saved per capture on this device: a screen that opens draws with it instead of
// waiting for the device database, and its live query still follows every change. A header saved here is
// known at once, so the list a header step opens never starts with the header the step read before the save
// (it would refuse a scan fired with the tap as if the header were missing).
const known = new Map<string, CaptureHeaderRow | null>();

export const knownHeader = (scope: CaptureScope): CaptureHeaderRow | null | undefined => known.get(headerKey(scope));

export function noteHeader(scope: CaptureScope, row: CaptureHeaderRow | null): void {
  known.set(headerKey(scope), row);
}
