import type { UserContext } from '@mde/contracts';
import { version } from '../../package.json';
import { countWaiting } from '../capture/hooks/use-sync-status';
import { apiFetch } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { sessionKeys } from '../session/user-context';
import { captureDb } from './captures/capture-db';
import { deviceId } from './captures/device';
import { getCaptureSyncState, subscribeCaptureSyncState } from './captures/sync-state';
import { countModuleChanges, DEVICE_REPORT_URL, startDeviceReporter } from './device-report';
import { loadOfflineDb } from './lazy-db';

let stop: (() => void) | null = null;

/** Starts the device's reports once per page (the admin's device list, docs/administration.md "Geräte"). */
export function startDeviceReport(): void {
  if (stop) return;
  let lastSyncAt: string | null = null;
  stop = startDeviceReporter({
    sources: {
      appVersion: version,
      deviceId: () => deviceId(captureDb),
      session: () => {
        const context = queryClient.getQueryData<UserContext>(sessionKeys.context());
        return context ? { userId: context.userId, vkforgId: context.vkforgid } : null;
      },
      counts: async (owner) => {
        const modules = await countModuleChanges(owner);
        return {
          waiting: (await countWaiting(captureDb, owner)) + modules.waiting,
          setAside: (await captureDb.rejected.where('owner').equals(owner).count()) + modules.setAside,
        };
      },
      cacheRefreshedAt: async (vkforgId) => {
        const { db } = await loadOfflineDb();
        return (await db.articleCacheMeta.get(vkforgId))?.syncedAt ?? null;
      },
      send: (report) => apiFetch<void>(DEVICE_REPORT_URL, { method: 'POST', body: report }),
    },
    isOnline: () => navigator.onLine,
    onSync: (listener) =>
      subscribeCaptureSyncState(() => {
        const at = getCaptureSyncState().lastSyncAt;
        if (at !== lastSyncAt) {
          lastSyncAt = at;
          listener();
        }
      }),
    onOnline: (listener) => {
      window.addEventListener('online', listener);
      return () => window.removeEventListener('online', listener);
    },
  });
}
