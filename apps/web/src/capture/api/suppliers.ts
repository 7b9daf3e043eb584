import type { Supplier } from '@mde/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { captureEndpoints, captureKeys } from './endpoints';

export const suppliersQuery = (vkforgId: number, q: string) =>
  queryOptions({
    queryKey: captureKeys.suppliers(vkforgId, q),
    queryFn: ({ signal }) => apiFetch<Supplier[]>(captureEndpoints.suppliers(q), { signal }),
    placeholderData: keepPreviousData,
  });
export const useSuppliers = (vkforgId: number, q: string) => useQuery(suppliersQuery(vkforgId, q));
