import type { Notification } from '@mde/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { addMark, type PendingMark } from '../model/pending-marks';
import { readMarks, updateMarks } from './device-store';
import { notificationEndpoints } from './endpoints';
import { notificationKeys } from './keys';

const send = (mark: PendingMark) => {
  if (mark.kind === 'read') return apiFetch(notificationEndpoints.read(mark.id), { method: 'POST', body: {} });
  if (mark.kind === 'read-all')
    return apiFetch(notificationEndpoints.readAll, { method: 'POST', body: { upToId: mark.upToId } });
  return apiFetch(notificationEndpoints.remove(mark.id), { method: 'DELETE' });
};

const same = (a: PendingMark, b: PendingMark) => JSON.stringify(a) === JSON.stringify(b);

const flushing = new Map<number, Promise<void>>();

/**
 * Sends the marks the server has not confirmed, oldest first, one at a time. A mark leaves the device when
 * the server answered it; an entry gone meanwhile (404) or a mark the server refuses for good (4xx) is
 * dropped, a missing connection or a server error keeps it and the rest for the next try.
 */
export function flushMarks(owner: number): Promise<void> {
  const running = flushing.get(owner);
  if (running) return running;
  const run = (async () => {
    let sent = false;
    try {
      for (const mark of await readMarks(owner)) {
        try {
          await send(mark);
        } catch (error) {
          const final = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
          if (!final) break;
        }
        sent = true;
        await updateMarks(owner, (marks) => marks.filter((m) => !same(m, mark)));
      }
    } finally {
      flushing.delete(owner);
      if (sent) {
        queryClient.setQueryData(notificationKeys.marks(owner), await readMarks(owner));
        void queryClient.invalidateQueries({ queryKey: notificationKeys.unread(owner) });
        // Both tabs, also the one not shown: its copy on the device must not keep the entry unread.
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(owner), refetchType: 'all' });
      }
    }
  })();
  flushing.set(owner, run);
  return run;
}

/** Records a mark on the device (shown at once, also offline), then tries to send it. */
async function recordMark(owner: number, mark: PendingMark) {
  const marks = await updateMarks(owner, (current) => addMark(current, mark));
  queryClient.setQueryData(notificationKeys.marks(owner), marks);
  await flushMarks(owner);
  // Offline the badge counts from the kept list less the marks; online the server's count follows the mark.
  void queryClient.invalidateQueries({ queryKey: notificationKeys.unread(owner) });
}

const now = () => new Date().toISOString();

export const useMarkRead = (owner: number) =>
  useMutation({
    mutationFn: (n: Pick<Notification, 'id'>) => recordMark(owner, { kind: 'read', id: n.id, at: now() }),
  });

export const useMarkAllRead = (owner: number) =>
  useMutation({ mutationFn: (upToId: number) => recordMark(owner, { kind: 'read-all', upToId, at: now() }) });

export const useDeleteNotification = (owner: number) =>
  useMutation({ mutationFn: (n: Pick<Notification, 'id'>) => recordMark(owner, { kind: 'delete', id: n.id }) });

export const pendingMarksQuery = (owner: number) => ({
  queryKey: notificationKeys.marks(owner),
  queryFn: () => readMarks(owner),
  staleTime: Number.POSITIVE_INFINITY,
});
