import type { AdminLocation, AdminOrg } from '@mde/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

// The admin's stores section: one query for the org tree, one per warehouse's storage locations; every
// change reloads the tree (query keys below).
export const storesKeys = {
  all: ['admin', 'stores'] as const,
  org: () => [...storesKeys.all, 'org'] as const,
  locations: (warehouseId: number) => [...storesKeys.all, 'locations', warehouseId] as const,
};
const base = '/v1/admin/stores';

export const orgQuery = () => queryOptions({ queryKey: storesKeys.org(), queryFn: () => apiFetch<AdminOrg>(base) });
export const useOrg = () => useQuery(orgQuery());

export const useLocations = (warehouseId: number) =>
  useQuery({
    queryKey: storesKeys.locations(warehouseId),
    queryFn: () => apiFetch<AdminLocation[]>(`${base}/warehouses/${warehouseId}/locations`),
  });

/** The routes of a create or an edit of the section. */
export const storesEndpoints = {
  createStore: () => ({ method: 'POST' as const, path: base }),
  updateStore: (id: number) => ({ method: 'PUT' as const, path: `${base}/${id}` }),
  createAccount: () => ({ method: 'POST' as const, path: `${base}/accounts` }),
  updateAccount: (id: number) => ({ method: 'PUT' as const, path: `${base}/accounts/${id}` }),
  createWarehouse: (storeId: number) => ({ method: 'POST' as const, path: `${base}/${storeId}/warehouses` }),
  updateWarehouse: (id: number) => ({ method: 'PUT' as const, path: `${base}/warehouses/${id}` }),
  createLocation: (warehouseId: number) => ({
    method: 'POST' as const,
    path: `${base}/warehouses/${warehouseId}/locations`,
  }),
  updateLocation: (id: number) => ({ method: 'PUT' as const, path: `${base}/locations/${id}` }),
};
export type StoresEndpoint = ReturnType<(typeof storesEndpoints)[keyof typeof storesEndpoints]>;

/** Sends a create or edit; afterwards the tree and the locations are read again. */
export function useSaveOrg() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ endpoint, body }: { endpoint: StoresEndpoint; body: unknown }) =>
      apiFetch<unknown>(endpoint.path, { method: endpoint.method, body }),
    onSettled: () => client.invalidateQueries({ queryKey: storesKeys.all }),
  });
}
