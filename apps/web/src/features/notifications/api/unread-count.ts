import type { UnreadCount } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { atNextIdle } from '../../../lib/idle';
import { isOffline } from '../../../lib/online';
import { unreadAfterMarks } from '../model/pending-marks';
import { readKeptPage, readMarks } from './device-store';
import { notificationEndpoints } from './endpoints';
import { notificationKeys } from './keys';
import { flushMarks } from './marks';
import { streamLive } from './stream-live';

/**
 * Without the stream (notification-stream.ts) the bell asks for its count at most once a minute while nothing
 * happens: frugal on a handheld's battery and Wi-Fi. The client's own rule, kept here rather than beside the
 * contracts' schemas, which the header would otherwise carry.
 */
export const NOTIFICATION_POLL_MS = 60_000;

/** The kept list's count, less the marks still waiting: what the badge shows without the server. */
async function keptUnread(owner: number, serverUnread?: number) {
  const kept = await readKeptPage(owner, 'all');
  const marks = await readMarks(owner);
  return unreadAfterMarks(serverUnread ?? kept?.unread ?? 0, kept?.items ?? [], marks);
}

/** The bell's count (docs/spec.md §4: entries without readtime); marks waiting on the device are sent first. */
export async function fetchUnreadCount(owner: number, signal?: AbortSignal): Promise<number> {
  if (isOffline()) return keptUnread(owner);
  await flushMarks(owner).catch(() => undefined);
  try {
    const { unread } = await apiFetch<UnreadCount>(notificationEndpoints.unreadCount, {
      signal,
      // The poll runs by itself: it must not keep an unattended handheld signed in.
      background: true,
    });
    // Marks the server has not yet had still count as made.
    return (await readMarks(owner)).length > 0 ? keptUnread(owner, unread) : unread;
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return keptUnread(owner);
    throw error;
  }
}

// The stream tells new entries at once; the poll is the fallback while it is down: asked at most once a minute
// while nothing happens, and at once when the app comes back to the front or a mark was made.
export const unreadCountQuery = (owner: number) =>
  queryOptions({
    queryKey: notificationKeys.unread(owner),
    queryFn: ({ signal }) => fetchUnreadCount(owner, signal),
    refetchInterval: () => (streamLive() ? false : NOTIFICATION_POLL_MS),
    refetchIntervalInBackground: false,
    staleTime: NOTIFICATION_POLL_MS / 2,
  });

/**
 * The badge's count, asked for once the first screen is drawn (a background job): the count reads the marks
 * kept on the device, and the browser database's code has no place on the way to the first screen.
 */
export function useUnreadCount(owner: number | null) {
  const [started, setStarted] = useState(false);
  useEffect(() => atNextIdle(() => setStarted(true)), []);
  return useQuery({ ...unreadCountQuery(owner ?? 0), enabled: owner !== null && started });
}
