import { lazy, Suspense } from 'react';
import { loadScannerHost } from '../../lib/scanner-bridge';

const ScannerHost = lazy(async () => ({ default: (await loadScannerHost()).ScannerHost }));

/**
 * The scanner's overlay, dialogs, wedge and DataWedge listeners (its own chunk). Mounted by the logged-in
 * layout and by the one public screen that scans (connection settings), so the login page stays light.
 */
export function ScannerHostSlot() {
  return (
    <Suspense fallback={null}>
      <ScannerHost />
    </Suspense>
  );
}
