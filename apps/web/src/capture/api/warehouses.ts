import type { Warehouse } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { captureKeys } from './endpoints';

export const warehousesQuery = () =>
  queryOptions({
    queryKey: [...captureKeys.all, 'warehouses'] as const,
    queryFn: ({ signal }) => apiFetch<Warehouse[]>('/v1/warehouses', { signal }),
    staleTime: 5 * 60_000,
  });

export const useWarehouses = (o: { enabled?: boolean } = {}) => useQuery({ ...warehousesQuery(), ...o });
