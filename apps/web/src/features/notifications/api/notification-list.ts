import type { NotificationFilter, NotificationPage } from '@mde/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, networkError } from '../../../lib/api-client';
import { isOffline } from '../../../lib/online';
import { queryClient } from '../../../lib/query-client';
import { keepPage, readKeptPage, readMarks } from './device-store';
import { notificationEndpoints } from './endpoints';
import { notificationKeys } from './keys';
import { flushMarks } from './marks';

const otherTab = (filter: NotificationFilter): NotificationFilter => (filter === 'all' ? 'unread' : 'all');

/**
 * One page of the list. Marks waiting on the device go first, so the answer already has them. The first
 * page is kept on the device; offline, or when the server cannot be reached, the kept page answers.
 */
export async function fetchNotificationPage(
  owner: number,
  filter: NotificationFilter,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const fromDevice = async () => {
    if (before !== undefined) throw networkError();
    // Without a copy of its own, a tab shows what the other tab's copy holds (the page filters it).
    const kept = (await readKeptPage(owner, filter)) ?? (await readKeptPage(owner, otherTab(filter)));
    if (!kept) throw networkError();
    return { ...kept, nextBefore: null };
  };
  if (isOffline()) return fromDevice();
  await flushMarks(owner).catch(() => undefined);
  try {
    const page = await apiFetch<NotificationPage>(notificationEndpoints.list(filter, before), { signal });
    if (before === undefined) {
      await keepPage(owner, filter, page);
      // The list answers the unread count too: the bell shows it now, not at its next poll a minute later.
      if ((await readMarks(owner)).length === 0) queryClient.setQueryData(notificationKeys.unread(owner), page.unread);
    }
    return page;
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return fromDevice();
    throw error;
  }
}

export const notificationListQuery = (owner: number, filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(owner, filter),
    queryFn: ({ pageParam, signal }) => fetchNotificationPage(owner, filter, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: NotificationPage) => last.nextBefore ?? undefined,
    staleTime: 0,
  });

export const useNotificationList = (owner: number, filter: NotificationFilter) =>
  useInfiniteQuery(notificationListQuery(owner, filter));
