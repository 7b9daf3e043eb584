import { useSyncExternalStore } from 'react';
import { type CaptureDatabase, captureDb } from '../../offline/captures/capture-db';
import { getCaptureSyncState, subscribeCaptureSyncState } from '../../offline/captures/sync-state';
import { useLiveQuery } from './use-live-query';

/**
 * What waits for the server (the badge, the question before logout): counted by key, a line waits while its
 * state is 'pending' (it has a change in the outbox), an export while it is queued; a 5,000-line backlog
 * costs two counts, not a read of the outbox.
 */
export async function countWaiting(db: CaptureDatabase, owner: number): Promise<number> {
  const lines = await db.lines.where('[owner+state]').equals([owner, 'pending']).count();
  const exports = await db.exports.where('[owner+state]').equals([owner, 'queued']).count();
  return lines + exports;
}

/** Lines waiting to sync (the badge), refused changes and the engine's progress. */
export function useSyncStatus(owner: number | null) {
  const state = useSyncExternalStore(subscribeCaptureSyncState, getCaptureSyncState);
  const counts = useLiveQuery(async () => {
    if (owner === null) return { waiting: 0, rejected: 0 };
    const waiting = await countWaiting(captureDb, owner);
    const rejected = await captureDb.rejected.where('owner').equals(owner).count();
    return { waiting, rejected };
  }, [owner]);
  return { ...state, waiting: counts?.waiting ?? 0, rejected: counts?.rejected ?? 0 };
}
