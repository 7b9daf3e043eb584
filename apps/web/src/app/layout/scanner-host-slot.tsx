import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle';
import { loadScannerHost } from '../scanner-bridge';

const ScannerHost = lazy(async () => ({ default: (await loadScannerHost()).ScannerHost }));

/**
 * The scanner's overlay, dialogs, wedge and DataWedge listeners (its own chunk). Mounted by the logged-in
 * layout once the first screen has rendered (the browser is idle), so they never delay it; a scan asked
 * for earlier waits in the scanner's store and its overlay appears when the host arrives.
 */
export function ScannerHostSlot() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ScannerHost />
    </Suspense>
  );
}
