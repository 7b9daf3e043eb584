import type { RouteObject } from 'react-router';

/** The stores section of the admin area: its paths below /admin/stores. */
export function StoresRoutes(): RouteObject[] {
  return [];
}
