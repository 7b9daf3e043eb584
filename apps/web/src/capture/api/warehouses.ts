import type { Warehouse } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { deviceBacked } from '../../session/device-backed';
import { captureKeys } from './endpoints';

/** The session's warehouses (Lager); offline the list kept for that vkforg, so a count starts in the aisle. */
export const warehousesQuery = () =>
  queryOptions({
    queryKey: [...captureKeys.all, 'warehouses'] as const,
    queryFn: ({ signal }) =>
      deviceBacked({
        key: (c) => `warehouses:${c.firmaid}:${c.vkforgid}`,
        fetch: () => apiFetch<Warehouse[]>('/v1/warehouses', { signal }),
      }),
    staleTime: 5 * 60_000,
  });

export const useWarehouses = (o: { enabled?: boolean } = {}) => useQuery({ ...warehousesQuery(), ...o });
