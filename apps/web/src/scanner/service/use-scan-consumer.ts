import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { SourcedScan } from '../core/arbiter';
import { registerScanConsumer } from './scan-service';

/**
 * Makes the screen the one hardware scans go to while it is shown (and enabled). The handler returns false
 * for a scan it does not take (the screen is leaving): that scan waits briefly for the next screen.
 */
export function useScanConsumer(take: (scan: SourcedScan) => boolean | undefined, enabled = true): void {
  // The screen's own path: a screen that stays mounted while its path changes (one article's detail to the
  // next) registers again for the new path; scans made on another path never reach it.
  const { pathname } = useLocation();
  useScanConsumerAt(take, pathname, enabled);
}

/**
 * useScanConsumer for a screen that names its own path: it does not follow the address, so a screen kept
 * behind another one (the capture list behind a line's entry) is not drawn again when the address changes.
 */
export function useScanConsumerAt(
  take: (scan: SourcedScan) => boolean | undefined,
  route: string,
  enabled = true,
): void {
  const latest = useRef(take);
  latest.current = take;
  useEffect(() => {
    if (!enabled) return;
    return registerScanConsumer((scan) => latest.current(scan) !== false, route);
  }, [enabled, route]);
}
