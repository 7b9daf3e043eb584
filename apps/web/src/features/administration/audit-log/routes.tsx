import type { RouteObject } from 'react-router';
import { AuditLogPage } from './components/audit-log-page';

/** The audit-log section of the admin area: its paths below /admin/audit-log. */
export function AuditLogRoutes(): RouteObject[] {
  return [{ index: true, element: <AuditLogPage /> }];
}
