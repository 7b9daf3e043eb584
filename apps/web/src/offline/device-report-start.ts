import { version } from '../../package.json';
import { apiFetch } from '../lib/api-client';
import { captureDb } from './captures/capture-db';
import { countRejected, countWaiting } from './captures/capture-queries';
import { deviceId } from './captures/device';
import { getCaptureSyncState, subscribeCaptureSyncState } from './captures/sync-state';
import { platformDeviceName } from './device-name';
import { countModuleChanges, DEVICE_REPORT_URL, startDeviceReporter } from './device-report';
import { deviceSession } from './device-session';
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
      session: deviceSession,
      counts: async (owner) => {
        const modules = await countModuleChanges(owner);
        return {
          waiting: (await countWaiting(captureDb, owner)) + modules.waiting,
          setAside: (await countRejected(captureDb, owner)) + modules.setAside,
        };
      },
      cacheRefreshedAt: async (vkforgId) => {
        const { db } = await loadOfflineDb();
        return (await db.articleCacheMeta.get(vkforgId))?.syncedAt ?? null;
      },
      send: (report) =>
        apiFetch<void>(DEVICE_REPORT_URL, {
          method: 'POST',
          body: { ...report, name: platformDeviceName(navigator.userAgent) },
        }),
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
