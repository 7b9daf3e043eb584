import type { RouteObject } from 'react-router';

/** The audit-log section of the admin area: its paths below /admin/audit-log. */
export function AuditLogRoutes(): RouteObject[] {
  return [];
}
