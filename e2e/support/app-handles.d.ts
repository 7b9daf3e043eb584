// The read-mostly handles the app installs for benches and journeys (offline/article-cache/bench-handle.ts,
// offline/captures/bench-handle.ts), as far as the journeys use them.
export {};

declare global {
  interface Window {
    __mdeArticleCache?: { progress: () => { state: string } };
    __mdeCaptures?: {
      outboxCount: () => Promise<number>;
      saveLines: (scope: unknown, drafts: unknown[]) => Promise<number>;
    };
  }
}
