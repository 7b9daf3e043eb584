import { Outlet } from 'react-router';
import { usePwaLifecycle } from '../../pwa/use-pwa-lifecycle';

/** Above every route: the service worker lifecycle (spec §4, §9). */
export function RootLayout() {
  usePwaLifecycle();
  return <Outlet />;
}
