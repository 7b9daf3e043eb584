import { useSyncExternalStore } from 'react';
import { captureDb } from '../../offline/captures/capture-db';
import { getCaptureSyncState, subscribeCaptureSyncState } from '../../offline/captures/sync-state';
import { useLiveQuery } from './use-live-query';

/** Lines waiting to sync (the badge), refused changes and the engine's progress. */
export function useSyncStatus(owner: number | null) {
  const state = useSyncExternalStore(subscribeCaptureSyncState, getCaptureSyncState);
  const counts = useLiveQuery(async () => {
    if (owner === null) return { waiting: 0, rejected: 0 };
    // Counted by key: a line waits while its state is 'pending' (it has a change in the outbox), an export
    // while it is queued; a 5,000-line backlog costs two counts, not a read of the outbox.
    const lines = await captureDb.lines.where('[owner+state]').equals([owner, 'pending']).count();
    const exports = await captureDb.exports.where('[owner+state]').equals([owner, 'queued']).count();
    const waiting = lines + exports;
    const rejected = await captureDb.rejected.where('owner').equals(owner).count();
    return { waiting, rejected };
  }, [owner]);
  return { ...state, waiting: counts?.waiting ?? 0, rejected: counts?.rejected ?? 0 };
}
