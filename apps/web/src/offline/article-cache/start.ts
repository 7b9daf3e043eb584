import type { ArticleCachePage, Permission, UserContext } from '@mde/contracts';
import { ApiError, apiFetch } from '../../lib/api-client';
import { apiBaseUrl } from '../../lib/connection-store';
import { db } from '../db';
import { installBenchHandle } from './bench-handle';
import { cachePagePath } from './page-request';
import { getArticleCacheProgress, setArticleCacheProgress } from './progress';
import { type FetchPage, type SyncTarget, syncVkforg } from './sync';
import { type SyncWorker, SyncWorkerUnavailable, syncInWorker } from './sync-worker-client';

// The server opens GET …/articles/cache to ARTIKELINFO (article-access.ts); without it there is nothing to sync.
const CACHE_PERMISSION: Permission = 'ARTIKELINFO';

// Delta syncs follow context refreshes; more often than this is no use to anyone.
const DELTA_INTERVAL_MS = 2 * 60_000;

// The page's own download, where no worker runs: the app's own work, never the person's activity.
const fetchPage: FetchPage = (request, signal) =>
  apiFetch<ArticleCachePage>(cachePagePath(request), { signal, background: true });

installBenchHandle();

// undefined: not tried yet; null: this browser has no usable module worker, the page syncs itself.
let worker: (SyncWorker & { terminate(): void }) | null | undefined;

function syncWorker() {
  if (worker !== undefined) return worker;
  try {
    worker =
      typeof Worker === 'undefined'
        ? null
        : new Worker(new URL('./cache-sync.worker.ts', import.meta.url), { type: 'module', name: 'artikel-cache' });
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * Downloading and writing thousands of articles blocked the page for a second at a time (scans typed meanwhile
 * lost keys), so the sync runs in a worker; the page only hears its progress.
 */
async function syncOnce(target: SyncTarget, signal: AbortSignal): Promise<void> {
  const w = syncWorker();
  if (w) {
    try {
      return await syncInWorker(w, target, apiBaseUrl(), signal, setArticleCacheProgress);
    } catch (error) {
      if (!(error instanceof SyncWorkerUnavailable)) throw error;
      w.terminate();
      worker = null;
    }
  }
  await syncVkforg(db, target, fetchPage, signal);
}

let running: { key: string; ctrl: AbortController; promise: Promise<void> } | null = null;
let lastFinished: { key: string; at: number } | null = null;

const keyOf = (t: SyncTarget) => `${t.firmaId}:${t.vkforgId}`;

async function run(target: SyncTarget, ctrl: AbortController): Promise<void> {
  try {
    await syncOnce(target, ctrl.signal);
    lastFinished = { key: keyOf(target), at: Date.now() };
  } catch (error) {
    if (ctrl.signal.aborted) return;
    // Offline or a server hiccup: what is cached stays usable; the next context refresh tries again.
    const p = getArticleCacheProgress();
    setArticleCacheProgress({ ...p, vkforgId: target.vkforgId, state: 'error' });
    if (!(error instanceof ApiError)) console.warn('Artikel-Cache: Synchronisierung fehlgeschlagen', error);
  } finally {
    if (running?.ctrl === ctrl) running = null;
  }
}

/**
 * Background sync of the offline article cache for the session's vkforg: called with
 * every context the app learns (login, start, context change, refresh). A new vkforg aborts the running
 * sync and drops the other vkforg's rows; the same vkforg syncs a delta at most every two minutes.
 */
export function syncArticleCache(context: Pick<UserContext, 'vkforgid' | 'firmaid' | 'permissions'>): Promise<void> {
  if (!context.permissions.includes(CACHE_PERMISSION)) return Promise.resolve();
  const target: SyncTarget = { vkforgId: context.vkforgid, firmaId: context.firmaid };
  const key = keyOf(target);
  if (running?.key === key) return running.promise;
  if (lastFinished?.key === key && Date.now() - lastFinished.at < DELTA_INTERVAL_MS) return Promise.resolve();
  running?.ctrl.abort();
  const ctrl = new AbortController();
  const promise = run(target, ctrl);
  running = { key, ctrl, promise };
  return promise;
}
