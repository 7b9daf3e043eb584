import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { loadScanner } from '../../lib/scanner-bridge';
import { usePwaLifecycle } from '../../pwa/use-pwa-lifecycle';

// The scanner's overlay, dialogs, wedge and DataWedge listeners, mounted once (lazily: its own chunk).
const ScannerHost = lazy(async () => ({ default: (await loadScanner()).ScannerHost }));

/** Above every route: the service worker lifecycle (spec §4, §9) and the scanner host. */
export function RootLayout() {
  usePwaLifecycle();
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <ScannerHost />
      </Suspense>
    </>
  );
}
