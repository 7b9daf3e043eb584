/** What the sync badge and the progress line show (sync progress is visible). */
export interface CaptureSyncState {
  phase: 'idle' | 'syncing' | 'waiting' | 'signed-out';
  /** Entries sent and confirmed in the running round, and how many the round started with. */
  done: number;
  total: number;
  /** Why the last attempt failed (German), while waiting for the next one. */
  lastError: string | null;
  lastSyncAt: string | null;
  /** How long until the next attempt after a failed one (null while none is planned). */
  retryInMs: number | null;
}

let state: CaptureSyncState = { phase: 'idle', done: 0, total: 0, lastError: null, lastSyncAt: null, retryInMs: null };
const listeners = new Set<() => void>();

export const getCaptureSyncState = () => state;

export function setCaptureSyncState(patch: Partial<CaptureSyncState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function subscribeCaptureSyncState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
