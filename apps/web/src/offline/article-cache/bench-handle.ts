import { db } from '../db';
import { lookupCachedCode } from './lookup';
import { getArticleCacheProgress } from './progress';

declare global {
  interface Window {
    /** Read-only view for bench/article-cache; it exposes nothing the page could not read from IndexedDB. */
    __mdeArticleCache?: {
      progress: typeof getArticleCacheProgress;
      lookup: (code: string) => ReturnType<typeof lookupCachedCode>;
    };
  }
}

export function installBenchHandle(): void {
  if (typeof window === 'undefined') return;
  window.__mdeArticleCache = {
    progress: getArticleCacheProgress,
    lookup: (code) => lookupCachedCode(db, getArticleCacheProgress().vkforgId ?? -1, code),
  };
}
