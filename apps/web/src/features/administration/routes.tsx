import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { AuditLogRoutes } from './audit-log/routes';
import { AdminLayout } from './components/admin-layout';
import { DevicesRoutes } from './devices/routes';
import { IntegrationRoutes } from './integration/routes';
import { ModuleSettingsRoutes } from './module-settings/routes';
import { StoresRoutes } from './stores/routes';
import { UsersRoutes } from './users/routes';

/** /admin: one child per section (ADMIN_SECTIONS), each from its own folder; anything else goes to Benutzer. */
export default function routes(): RouteObject[] {
  return [
    {
      element: <AdminLayout />,
      children: [
        { index: true, element: <Navigate to={paths.admin.users} replace /> },
        { path: 'users', children: UsersRoutes() },
        { path: 'stores', children: StoresRoutes() },
        { path: 'module-settings', children: ModuleSettingsRoutes() },
        { path: 'devices', children: DevicesRoutes() },
        { path: 'integration', children: IntegrationRoutes() },
        { path: 'audit-log', children: AuditLogRoutes() },
        { path: '*', element: <Navigate to={paths.admin.users} replace /> },
      ],
    },
  ];
}
