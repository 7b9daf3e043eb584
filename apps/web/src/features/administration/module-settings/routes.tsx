import type { RouteObject } from 'react-router';

/** The module-settings section of the admin area: its paths below /admin/module-settings. */
export function ModuleSettingsRoutes(): RouteObject[] {
  return [];
}
