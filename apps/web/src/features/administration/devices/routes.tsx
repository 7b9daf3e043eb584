import type { RouteObject } from 'react-router';

/** The devices section of the admin area: its paths below /admin/devices. */
export function DevicesRoutes(): RouteObject[] {
  return [];
}
