import { Suspense, useEffect, useState } from 'react';
import { lazyPart } from '../../components/lazy-part';
import { whenIdle } from '../../lib/idle';
import { isScannerNeeded, loadScannerHost, SCANNER_NEEDED_EVENT } from '../scanner-bridge';

const ScannerHost = lazyPart(async () => (await loadScannerHost()).ScannerHost);

/**
 * The scanner's overlay, dialogs, wedge and DataWedge listeners (its own chunk). Mounted by the logged-in
 * layout once the first screen has rendered (the browser is idle), so they never delay it, or at once when a
 * hardware scan arrives or a screen asks for a scan before that: the scan waits in the scanner's store and its
 * overlay appears as soon as the host's chunk is there, not behind the start's background jobs.
 */
export function ScannerHostSlot() {
  const [ready, setReady] = useState(isScannerNeeded);
  useEffect(() => whenIdle(() => setReady(true)), []);
  // A scan made or asked for while the app was starting wants its overlay and feedback now.
  useEffect(() => {
    const now = () => setReady(true);
    window.addEventListener(SCANNER_NEEDED_EVENT, now);
    return () => window.removeEventListener(SCANNER_NEEDED_EVENT, now);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ScannerHost />
    </Suspense>
  );
}
