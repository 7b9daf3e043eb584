import type { RouteObject } from 'react-router';

/** The integration section of the admin area: its paths below /admin/integration. */
export function IntegrationRoutes(): RouteObject[] {
  return [];
}
