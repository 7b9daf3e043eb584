import type { AssignedArticle, LocationProduct, UserContext } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { serverOrDevice } from '../../../offline/server-or-device';
import { patchAssignment } from '../model/snapshot-patch';
import { storageEndpoints } from './endpoints';
import { storageKeys } from './keys';
import { patchSnapshotCopy, readSnapshotCopy, vkforgKeyOf } from './snapshot';

/**
 * One article at one location. Offline the device's copy answers; an article not assigned anywhere is
 * known offline only from where the user came (the search hit or the scan passes it along).
 */
export const locationProductQuery = (
  context: UserContext,
  locationId: number,
  articleId: number,
  known?: AssignedArticle,
) =>
  queryOptions({
    queryKey: storageKeys.product(vkforgKeyOf(context), locationId, articleId),
    queryFn: () =>
      serverOrDevice<LocationProduct>(
        async () => {
          const fresh = await apiFetch<LocationProduct>(storageEndpoints.assignment(locationId, articleId));
          void patchSnapshotCopy(context, (copy) => patchAssignment(copy, locationId, articleId, fresh.assignment));
          return fresh;
        },
        async () => {
          const copy = await readSnapshotCopy(context);
          const location = copy?.locations.find((l) => l.id === locationId);
          if (!copy || !location) return undefined;
          const assignment = copy.assignments.find((a) => a.locationId === locationId && a.articleId === articleId);
          const anywhere = assignment ?? copy.assignments.find((a) => a.articleId === articleId);
          const article: AssignedArticle | undefined = anywhere
            ? {
                articleId,
                number: anywhere.number,
                designation1: anywhere.designation1,
                designation2: anywhere.designation2,
                baseUnit: anywhere.baseUnit,
              }
            : known;
          if (!article) return undefined;
          return { location, article, assignment: assignment ?? null };
        },
      ),
    staleTime: 0,
  });

export const useLocationProduct = (
  context: UserContext | undefined,
  locationId: number,
  articleId: number,
  known?: AssignedArticle,
) =>
  useQuery({
    ...locationProductQuery(context as UserContext, locationId, articleId, known),
    enabled: !!context && locationId > 0 && articleId > 0,
  });
