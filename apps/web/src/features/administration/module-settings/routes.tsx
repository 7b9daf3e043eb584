import type { RouteObject } from 'react-router';
import { ModuleSettingsPage } from './components/module-settings-page';

/** The module settings section of the admin area: its paths below /admin/module-settings. */
export function ModuleSettingsRoutes(): RouteObject[] {
  return [{ index: true, element: <ModuleSettingsPage /> }];
}
