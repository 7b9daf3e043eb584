import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePwaLifecycle } from '../../pwa/use-pwa-lifecycle';
import { noteScreenShown } from '../scanner-bridge';

/** Above every route: the service worker lifecycle (docs/spec.md §4, §9), and the scanner hears which screen is drawn. */
export function RootLayout() {
  usePwaLifecycle();
  const { pathname } = useLocation();
  // Runs after the effects of the screen below it: a screen that takes scans has registered by then.
  useEffect(() => noteScreenShown(pathname), [pathname]);
  return <Outlet />;
}
