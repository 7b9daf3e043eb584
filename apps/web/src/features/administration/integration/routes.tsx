import type { RouteObject } from 'react-router';
import { IntegrationPage } from './components/integration-page';

/** The integration section of the admin area: its paths below /admin/integration. */
export function IntegrationRoutes(): RouteObject[] {
  return [{ index: true, element: <IntegrationPage /> }];
}
