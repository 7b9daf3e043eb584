import type { Supplier } from '@mde/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { deviceBacked } from '../../session/device-backed';
import { captureEndpoints, captureKeys } from './endpoints';
import { mergeSuppliers, searchKeptSuppliers } from './supplier-copy';

/** Suppliers of the session's firma by number or name; offline searched in the ones the device has kept. */
export const suppliersQuery = (vkforgId: number, q: string) =>
  queryOptions({
    queryKey: captureKeys.suppliers(vkforgId, q),
    queryFn: ({ signal }) =>
      deviceBacked({
        key: (c) => `suppliers:${c.firmaid}`,
        fetch: () => apiFetch<Supplier[]>(captureEndpoints.suppliers(q), { signal }),
        keep: (fresh, kept) => mergeSuppliers(kept, fresh),
        read: (kept) => searchKeptSuppliers(kept, q),
      }),
    placeholderData: keepPreviousData,
  });
export const useSuppliers = (vkforgId: number, q: string) => useQuery(suppliersQuery(vkforgId, q));
