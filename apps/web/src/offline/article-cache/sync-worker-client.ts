import { type ApiError, networkError, sessionEndOf, toApiError } from '../../lib/api-client';
import { emitSessionEnded } from '../../lib/auth-events';
import type { ReportProgress, SyncTarget } from './sync';
import type { FromSyncWorker, SyncPort, ToSyncWorker } from './sync-messages';

/** The worker could not be started or loaded (no module workers, script missing): the page syncs itself. */
export class SyncWorkerUnavailable extends Error {
  constructor() {
    super('Artikel-Cache: Hintergrund-Thread nicht verfügbar');
    this.name = 'SyncWorkerUnavailable';
  }
}

export type SyncWorker = SyncPort<FromSyncWorker, ToSyncWorker> & {
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  removeEventListener(type: 'error', listener: (event: Event) => void): void;
};

/** The error apiFetch would have thrown for the same answer; a 401 that ends the session is told here, too. */
function errorOf(m: FromSyncWorker & { type: 'failed' }): Error {
  if (m.status === null) return new Error(m.message);
  const error: ApiError = m.status === 0 ? networkError() : toApiError(m.status, m.body);
  const ended = sessionEndOf(error);
  if (ended) emitSessionEnded(ended);
  return error;
}

let lastId = 0;

/**
 * Runs one sync in the worker; progress goes to `report`, the promise settles as syncVkforg's would. An abort
 * stops the worker's sync and settles at once; what the worker still says about it is ignored.
 */
export function syncInWorker(
  worker: SyncWorker,
  target: SyncTarget,
  baseUrl: string,
  signal: AbortSignal,
  report: ReportProgress,
): Promise<void> {
  const id = ++lastId;
  return new Promise<void>((resolve, reject) => {
    const settle = (error?: unknown) => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      signal.removeEventListener('abort', onAbort);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onMessage = ({ data }: MessageEvent<FromSyncWorker>) => {
      if (data.id !== id) return;
      if (data.type === 'progress') report(data.progress);
      else if (data.type === 'done') settle();
      else settle(errorOf(data));
    };
    const onError = (event: Event) => {
      event.preventDefault();
      settle(new SyncWorkerUnavailable());
    };
    const onAbort = () => {
      worker.postMessage({ type: 'abort', id });
      settle(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    if (signal.aborted) return reject(signal.reason);
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    signal.addEventListener('abort', onAbort);
    worker.postMessage({ type: 'start', id, target, baseUrl });
  });
}
