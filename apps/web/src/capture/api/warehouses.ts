import type { Warehouse, WarehouseLocation } from '@mde/contracts';
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

/**
 * The storage locations of the count's warehouse, so a shelf label scanned on the list sets the location at
 * once; offline the list kept for that warehouse.
 */
const warehouseLocationsQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: [...captureKeys.all, 'warehouse-locations', warehouseId] as const,
    queryFn: ({ signal }) =>
      deviceBacked({
        key: (c) => `warehouse-locations:${c.firmaid}:${c.vkforgid}:${warehouseId}`,
        fetch: () => apiFetch<WarehouseLocation[]>(`/v1/warehouses/${warehouseId}/storage-locations`, { signal }),
      }),
    staleTime: 5 * 60_000,
  });

/** The locations of a warehouse (none while no warehouse is chosen). */
export function useWarehouseLocations(warehouseId: number | null | undefined): readonly WarehouseLocation[] {
  const query = useQuery({ ...warehouseLocationsQuery(warehouseId ?? 0), enabled: !!warehouseId });
  return (warehouseId ? query.data : undefined) ?? NO_LOCATIONS;
}
const NO_LOCATIONS: readonly WarehouseLocation[] = [];
