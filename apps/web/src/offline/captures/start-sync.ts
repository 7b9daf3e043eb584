import type { SyncResponse, UserContext } from '@mde/contracts';
import { ApiError, apiFetch } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { sessionKeys } from '../../lib/session/user-context';
import { installCaptureBenchHandle } from './bench-handle';
import { captureDb } from './capture-db';
import { CaptureSyncEngine } from './sync-engine';

let engine: CaptureSyncEngine | null = null;

const currentSession = () => {
  const context = queryClient.getQueryData<UserContext>(sessionKeys.context());
  return context ? { userId: context.userId, vkforgId: context.vkforgid } : null;
};

function classify(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError && error.status === 401) return { kind: 'signed-out' as const, message };
  return { kind: 'retry' as const, message };
}

/** Starts the background sync once per page (AppLayout and every capture screen call it). */
export function startCaptureSync(): CaptureSyncEngine {
  installCaptureBenchHandle();
  engine ??= new CaptureSyncEngine({
    db: captureDb,
    session: currentSession,
    classify,
    post: (body) => apiFetch<SyncResponse>('/v1/captures/sync', { method: 'POST', body }),
  }).start();
  return engine;
}

/** A sync now (after login, on the 'Jetzt synchronisieren' button). */
export const syncCapturesNow = () => startCaptureSync().syncNow();
