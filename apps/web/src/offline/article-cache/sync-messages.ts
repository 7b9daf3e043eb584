import type { ArticleCacheProgress } from './progress';
import type { SyncTarget } from './sync';

/** Page → sync worker: sync a vkforg (the API base is the page's chosen connection), or stop that sync. */
export type ToSyncWorker =
  | { type: 'start'; id: number; target: SyncTarget; baseUrl: string }
  | { type: 'abort'; id: number };

/**
 * Sync worker → page. A failure carries the server's status and body (0: no network) so the page turns it into
 * the ApiError apiFetch would have thrown, session end included; status null is anything else.
 */
export type FromSyncWorker =
  | { type: 'progress'; id: number; progress: ArticleCacheProgress }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; status: number | null; body: unknown; message: string };

/** The side of a MessagePort each end uses: a Worker on the page, the worker's global scope inside it. */
export interface SyncPort<In, Out> {
  postMessage(message: Out): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<In>) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<In>) => void): void;
}
