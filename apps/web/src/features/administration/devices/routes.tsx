import type { RouteObject } from 'react-router';
import { DevicesPage } from './components/devices-page';

/** The devices section of the admin area: its paths below /admin/devices. */
export function DevicesRoutes(): RouteObject[] {
  return [{ index: true, element: <DevicesPage /> }];
}
