import type { Notification, NotificationFilter } from '@mde/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { isOffline } from '../../../lib/online';
import { pendingMarksQuery, useDeleteNotification, useMarkAllRead, useMarkRead } from '../api/marks';
import { useNotificationList } from '../api/notification-list';
import { useUnreadCount } from '../api/unread-count';
import { applyMarks, visibleUnder } from '../model/pending-marks';

/** The list of one tab as the user left it: the server's (or the kept) pages with the device's marks applied. */
export function useNotificationView(owner: number, filter: NotificationFilter) {
  const list = useNotificationList(owner, filter);
  const marks = useQuery(pendingMarksQuery(owner)).data ?? [];
  const unread = useUnreadCount(owner).data ?? 0;
  const markRead = useMarkRead(owner);
  const markAll = useMarkAllRead(owner);
  const remove = useDeleteNotification(owner);
  const loaded = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const items = useMemo(() => visibleUnder(filter, applyMarks(loaded, marks)), [filter, loaded, marks]);
  const newest = loaded.reduce((max, n) => Math.max(max, n.id), 0);
  return {
    items,
    unread,
    loading: list.isPending,
    loadingMore: list.isFetchingNextPage,
    hasMore: list.hasNextPage,
    fromDevice: isOffline() && !!list.data,
    error: list.error && !list.data ? list.error.message : null,
    loadMore: useCallback(() => void list.fetchNextPage(), [list]),
    markRead: (entry: Notification) => markRead.mutate(entry),
    remove: (entry: Notification) => remove.mutate(entry),
    // Only what the device has seen: entries that arrive meanwhile stay unread.
    markAllRead: () => newest > 0 && markAll.mutate(newest),
  };
}
