import type { StorageLocation, UserContext } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { serverOrDevice } from '../../../offline/server-or-device';
import { storageEndpoints } from './endpoints';
import { storageKeys } from './keys';
import { readSnapshotCopy, vkforgKeyOf } from './snapshot';

export const locationsQuery = (context: UserContext) =>
  queryOptions({
    queryKey: [...storageKeys.scope(vkforgKeyOf(context)), 'locations'] as const,
    queryFn: () =>
      serverOrDevice(
        () => apiFetch<StorageLocation[]>(storageEndpoints.locations),
        async () => (await readSnapshotCopy(context))?.locations,
      ),
  });

export const useLocations = (context: UserContext | undefined) =>
  useQuery({ ...locationsQuery(context as UserContext), enabled: !!context });
