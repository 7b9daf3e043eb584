// Observable sync progress: the user sees how far the sync is. A plain store so React reads it
// with useSyncExternalStore and the sync code stays free of React.

export interface ArticleCacheProgress {
  vkforgId: number | null;
  state: 'idle' | 'syncing' | 'complete' | 'error';
  /** Articles of the vkforg in the cache now. */
  count: number;
  /** Server snapshot the cache reflects (last finished sync), null before the first one finished. */
  snapshotAt: string | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: ArticleCacheProgress = { vkforgId: null, state: 'idle', count: 0, snapshotAt: null };

export const getArticleCacheProgress = () => current;

export function setArticleCacheProgress(next: ArticleCacheProgress): void {
  current = next;
  for (const l of listeners) l();
}

export function subscribeArticleCacheProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
