import Dexie from 'dexie';
import { useSyncExternalStore } from 'react';
import { captureDb } from '../../offline/captures/capture-db';
import { getCaptureSyncState, subscribeCaptureSyncState } from '../../offline/captures/sync-state';
import { useLiveQuery } from './use-live-query';

/** Lines waiting to sync (the badge), refused changes and the engine's progress. */
export function useSyncStatus(owner: number | null) {
  const state = useSyncExternalStore(subscribeCaptureSyncState, getCaptureSyncState);
  const counts = useLiveQuery(async () => {
    if (owner === null) return { waiting: 0, rejected: 0 };
    // Keys only: a 5,000-entry outbox is counted without reading its payloads.
    const keys = await captureDb.outbox
      .where('[owner+clientId]')
      .between([owner, Dexie.minKey], [owner, Dexie.maxKey])
      .uniqueKeys();
    const waiting = keys.filter((k) => !String((k as unknown as [number, string])[1]).startsWith('header-')).length;
    const rejected = await captureDb.rejected.where('owner').equals(owner).count();
    return { waiting, rejected };
  }, [owner]);
  return { ...state, waiting: counts?.waiting ?? 0, rejected: counts?.rejected ?? 0 };
}
