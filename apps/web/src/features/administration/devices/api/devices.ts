import { ADMIN_API_PREFIX, type AdminDevice, type AdminDeviceFilter } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

const DEVICES_URL = `${ADMIN_API_PREFIX.replace(/^\/api/, '')}devices`;

export const deviceKeys = {
  all: ['admin', 'devices'] as const,
  list: (filter: AdminDeviceFilter) => [...deviceKeys.all, { filter }] as const,
};

/** The devices of the admin's firmas, stale ones first, then those with waiting work (the server sorts and filters). */
export const adminDevicesQuery = (filter: AdminDeviceFilter = 'all') =>
  queryOptions({
    queryKey: deviceKeys.list(filter),
    queryFn: ({ signal }) =>
      apiFetch<{ devices: AdminDevice[] }>(`${DEVICES_URL}${filter === 'all' ? '' : `?${filter}=true`}`, { signal }),
  });

export const useAdminDevices = (filter: AdminDeviceFilter) =>
  useQuery({ ...adminDevicesQuery(filter), refetchInterval: 60_000 });

/** The admin's new name for a device (empty: the name the device gives itself again). */
export const renameAdminDevice = (deviceId: string, name: string) =>
  apiFetch<void>(`${DEVICES_URL}/${encodeURIComponent(deviceId)}/name`, { method: 'PUT', body: { name } });
