import type { SyncResponse, UserContext } from '@mde/contracts';
import { ApiError, apiFetch } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { sessionKeys } from '../../session/user-context';
import { installCaptureBenchHandle } from './bench-handle';
import { captureDb } from './capture-db';
import { CaptureSyncEngine } from './sync-engine';

let engine: CaptureSyncEngine | null = null;
const REFUSED = new Set([400, 413, 422]);

const currentSession = () => {
  const context = queryClient.getQueryData<UserContext>(sessionKeys.context());
  return context ? { userId: context.userId, vkforgId: context.vkforgid } : null;
};

export function classify(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError && error.status === 401) return { kind: 'signed-out' as const, message };
  // The request itself was refused (malformed, too large): sending the same again would be refused again.
  if (error instanceof ApiError && REFUSED.has(error.status)) return { kind: 'refused' as const, message };
  // No connection, a 5xx, a timeout, too many requests: the same request may well pass later.
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
