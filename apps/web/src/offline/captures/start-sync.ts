import { CAPTURE_SYNC_PATH, type SyncRequest, type SyncResponse } from '@mde/contracts';
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

/**
 * How long a sync request waits for its answer. A connection that died half-way (Wi-Fi lost in a cold store, a
 * proxy holding the request) may never answer, and no other timeout ends the wait: the outbox would hold every
 * line behind it. Given up, the request counts as no connection and the round is tried again later; the server
 * takes each change once, so a batch it did receive is not applied twice. Twice the server's own time for a
 * request (REQUEST_TIMEOUT_SECONDS, 30 s): a full batch of 5,000 changes on a busy server answers well within it.
 */
export const SYNC_ANSWER_DEADLINE_MS = 60_000;

/** One sync request, given up after its deadline (the fetch then fails as without a connection). */
export function postSync(body: SyncRequest, deadlineMs = SYNC_ANSWER_DEADLINE_MS): Promise<SyncResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('Keine Antwort', 'TimeoutError')), deadlineMs);
  return apiFetch<SyncResponse>(CAPTURE_SYNC_URL, { method: 'POST', body, signal: controller.signal }).finally(() =>
    clearTimeout(timer),
  );
}

/** Starts the background sync once per page (AppLayout and every capture screen call it). */
export function startCaptureSync(): CaptureSyncEngine {
  installCaptureBenchHandle();
  engine ??= new CaptureSyncEngine({
    db: captureDb,
    session: deviceSession,
    classify,
    post: (body) => postSync(body),
  }).start();
  return engine;
}

/** A sync now (after login, on the 'Jetzt synchronisieren' button). */
export const syncCapturesNow = () => startCaptureSync().syncNow();
