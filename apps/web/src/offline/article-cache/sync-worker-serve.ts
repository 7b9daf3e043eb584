import type { MdeDatabase } from '../db';
import { type FetchPage, syncVkforg } from './sync';
import type { FromSyncWorker, SyncPort, ToSyncWorker } from './sync-messages';
import { PageRefused } from './worker-page-fetch';

function failure(id: number, error: unknown): FromSyncWorker {
  if (error instanceof PageRefused) return { type: 'failed', id, status: error.status, body: error.body, message: '' };
  return { type: 'failed', id, status: null, body: undefined, message: String(error) };
}

/**
 * The sync worker's side: downloads, parses and writes the cache with the worker's own connection to the
 * browser database, and tells the page how far it is. One sync at a time: a new vkforg's sync starts once the
 * aborted one has let go of the tables, so the old one can never write after the new one dropped its rows.
 */
export function serveCacheSync(
  port: SyncPort<ToSyncWorker, FromSyncWorker>,
  db: MdeDatabase,
  fetchPageFor: (baseUrl: string) => FetchPage,
): void {
  const running = new Map<number, AbortController>();
  let queue: Promise<void> = Promise.resolve();
  port.addEventListener('message', ({ data }) => {
    if (data.type === 'abort') {
      running.get(data.id)?.abort();
      return;
    }
    const { id, target, baseUrl } = data;
    const ctrl = new AbortController();
    running.set(id, ctrl);
    queue = queue.then(async () => {
      try {
        ctrl.signal.throwIfAborted();
        await syncVkforg(db, target, fetchPageFor(baseUrl), ctrl.signal, (progress) =>
          port.postMessage({ type: 'progress', id, progress }),
        );
        port.postMessage({ type: 'done', id });
      } catch (error) {
        if (!ctrl.signal.aborted) port.postMessage(failure(id, error));
      } finally {
        running.delete(id);
      }
    });
  });
}
