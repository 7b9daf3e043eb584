import type { RouteObject } from 'react-router';
import { UserFormPage } from './components/user-form-page';
import { UsersPage } from './components/users-page';

/** The users section of the admin area: its paths below /admin/users. */
export function UsersRoutes(): RouteObject[] {
  return [
    { index: true, element: <UsersPage /> },
    { path: 'new', element: <UserFormPage /> },
    { path: ':userId', element: <UserFormPage /> },
  ];
}
