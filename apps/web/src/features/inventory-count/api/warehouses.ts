import type { Warehouse } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { inventoryCountKeys } from './keys';

export const fetchWarehouses = (signal?: AbortSignal) => apiFetch<Warehouse[]>('/v1/warehouses', { signal });

export const warehousesQuery = () =>
  queryOptions({ queryKey: inventoryCountKeys.warehouses(), queryFn: ({ signal }) => fetchWarehouses(signal) });

export const useWarehouses = () => useQuery(warehousesQuery());
