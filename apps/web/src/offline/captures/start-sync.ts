import { CAPTURE_SYNC_PATH, type SyncResponse } from '@mde/contracts';
import { ApiError, apiFetch } from '../../lib/api-client';
import { deviceSession } from '../device-session';
import { installCaptureBenchHandle } from './bench-handle';
import { captureDb } from './capture-db';
import { CaptureSyncEngine } from './sync-engine';

let engine: CaptureSyncEngine | null = null;
// apiFetch adds the /api prefix itself.
const CAPTURE_SYNC_URL = CAPTURE_SYNC_PATH.replace(/^\/api/, '');
const REFUSED = new Set([400, 413, 422]);

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
    session: deviceSession,
    classify,
    post: (body) => apiFetch<SyncResponse>(CAPTURE_SYNC_URL, { method: 'POST', body }),
  }).start();
  return engine;
}

/** A sync now (after login, on the 'Jetzt synchronisieren' button). */
export const syncCapturesNow = () => startCaptureSync().syncNow();
