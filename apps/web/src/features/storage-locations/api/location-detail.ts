import type { LocationDetail, UserContext } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { serverOrDevice } from '../../../offline/server-or-device';
import { patchLocation } from '../model/snapshot-patch';
import { storageEndpoints } from './endpoints';
import { storageKeys } from './keys';
import { patchSnapshotCopy, readSnapshotCopy, vkforgKeyOf } from './snapshot';

export const locationDetailQuery = (context: UserContext, locationId: number) =>
  queryOptions({
    queryKey: storageKeys.location(vkforgKeyOf(context), locationId),
    queryFn: () =>
      serverOrDevice<LocationDetail>(
        async () => {
          const fresh = await apiFetch<LocationDetail>(storageEndpoints.location(locationId));
          void patchSnapshotCopy(context, (copy) => patchLocation(copy, locationId, fresh.assignments));
          return fresh;
        },
        async () => {
          const copy = await readSnapshotCopy(context);
          const location = copy?.locations.find((l) => l.id === locationId);
          if (!copy || !location) return undefined;
          return { location, assignments: copy.assignments.filter((a) => a.locationId === locationId) };
        },
      ),
    // Saved edits of another user show at once: the list asks the server whenever it is opened.
    staleTime: 0,
  });

export const useLocationDetail = (context: UserContext | undefined, locationId: number) =>
  useQuery({ ...locationDetailQuery(context as UserContext, locationId), enabled: !!context && locationId > 0 });
