import type { RouteObject } from 'react-router';

/** The users section of the admin area: its paths below /admin/users. */
export function UsersRoutes(): RouteObject[] {
  return [];
}
