import type { AuditLogFilter, AuditLogPage } from '@mde/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { apiBaseUrl } from '../../../../lib/connection-store';

// The audit log's calls (without the /api base): the list and the CSV export with the same filters.
const base = '/v1/admin/audit-log';

/** The filters as they go into the query string (only those set). */
export type AuditLogFilterText = { [K in keyof AuditLogFilter]?: string };

const search = (filter: AuditLogFilterText, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, ...extra })) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The download address of the CSV export: a plain link, so the browser saves the streamed file itself. */
export const auditLogCsvUrl = (filter: AuditLogFilterText) => `${apiBaseUrl()}${base}.csv${search(filter)}`;

export const useAuditLog = (filter: AuditLogFilterText) =>
  useInfiniteQuery({
    queryKey: ['admin', 'audit-log', filter],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<AuditLogPage>(`${base}${search(filter, pageParam ? { cursor: pageParam } : {})}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (last: AuditLogPage) => last.nextCursor ?? undefined,
  });
