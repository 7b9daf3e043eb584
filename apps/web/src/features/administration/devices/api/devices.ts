import { ADMIN_API_PREFIX, type AdminDevice } from '@mde/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

const DEVICES_URL = `${ADMIN_API_PREFIX.replace(/^\/api/, '')}devices`;

export const deviceKeys = { list: (staleOnly: boolean) => ['admin', 'devices', { staleOnly }] as const };

/** The devices of the admin's firmas, stale ones first (the server sorts and filters). */
export const useAdminDevices = (staleOnly: boolean) =>
  useQuery({
    queryKey: deviceKeys.list(staleOnly),
    queryFn: ({ signal }) =>
      apiFetch<{ devices: AdminDevice[] }>(`${DEVICES_URL}${staleOnly ? '?stale=true' : ''}`, { signal }),
    refetchInterval: 60_000,
  });
