import type { RouteObject } from 'react-router';
import { StoresPage } from './components/stores-page';

/** The stores section of the admin area: its paths below /admin/stores. */
export function StoresRoutes(): RouteObject[] {
  return [{ index: true, element: <StoresPage /> }];
}
