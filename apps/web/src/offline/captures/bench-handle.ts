import { captureDb } from './capture-db';
import { type LineDraft, saveLines } from './capture-store';
import type { CaptureScope } from './rows';
import { getCaptureSyncState } from './sync-state';

declare global {
  interface Window {
    /**
     * For bench/captures and the sync journeys: the outbox size, the engine state and the same local save the
     * screens use. Nothing here reaches further than the page's own IndexedDB.
     */
    __mdeCaptures?: {
      outboxCount: () => Promise<number>;
      state: typeof getCaptureSyncState;
      saveLines: (scope: CaptureScope, drafts: LineDraft[]) => Promise<number>;
    };
  }
}

export function installCaptureBenchHandle(): void {
  if (typeof window === 'undefined' || window.__mdeCaptures) return;
  window.__mdeCaptures = {
    outboxCount: () => captureDb.outbox.count(),
    state: getCaptureSyncState,
    saveLines: (scope, drafts) => saveLines(captureDb, scope, drafts),
  };
}
