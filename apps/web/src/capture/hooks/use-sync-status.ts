import { useSyncExternalStore } from 'react';
import { captureDb } from '../../offline/captures/capture-db';
import { countRejected, countWaiting } from '../../offline/captures/capture-queries';
import { getCaptureSyncState, subscribeCaptureSyncState } from '../../offline/captures/sync-state';
import { useLiveQuery } from './use-live-query';

/** Lines waiting to sync (the badge), refused changes and the engine's progress. */
export function useSyncStatus(owner: number | null) {
  const state = useSyncExternalStore(subscribeCaptureSyncState, getCaptureSyncState);
  const counts = useLiveQuery(async () => {
    if (owner === null) return { waiting: 0, rejected: 0 };
    const waiting = await countWaiting(captureDb, owner);
    const rejected = await countRejected(captureDb, owner);
    return { waiting, rejected };
  }, [owner]);
  return { ...state, waiting: counts?.waiting ?? 0, rejected: counts?.rejected ?? 0 };
}
