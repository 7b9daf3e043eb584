/** What one run of an outbox answers: at least when the next retry is due. */
export interface RunReport {
  /** Epoch ms of the next retry, when one waits. */
  retryAt: number | null;
}

export interface OutboxRunner<R extends RunReport> {
  /** One run at a time; a call during a run asks for one more run right after it. */
  syncNow: () => Promise<R | null>;
  /** Starts once and keeps running: on reconnect and every 30 s it sends what waits. */
  start: () => void;
  /** Screens hear what each run did (sent, set aside), to tell the user. */
  onReport: (listener: (report: R) => void) => () => void;
}

const RUN_EVERY_MS = 30_000;

/**
 * The scheduling every module outbox shares: runs never overlap (the order of changes holds), a waiting
 * retry is woken at its time, going online sends at once. `runOnce` answers null when no one is signed in.
 */
export function createOutboxRunner<R extends RunReport>(runOnce: () => Promise<R | null>): OutboxRunner<R> {
  const listeners = new Set<(report: R) => void>();
  let running: Promise<R | null> | null = null;
  let again = false;
  let started = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const run = async (): Promise<R | null> => {
    const report = await runOnce();
    if (!report) return null;
    clearTimeout(retryTimer);
    if (report.retryAt !== null) {
      retryTimer = setTimeout(() => void syncNow(), Math.max(0, report.retryAt - Date.now()));
    }
    for (const listener of listeners) listener(report);
    return report;
  };

  function syncNow(): Promise<R | null> {
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .catch(() => null)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void syncNow();
        }
      });
    return running;
  }

  return {
    syncNow,
    start: () => {
      if (started || typeof window === 'undefined') return;
      started = true;
      window.addEventListener('online', () => void syncNow());
      setInterval(() => void syncNow(), RUN_EVERY_MS);
      void syncNow();
    },
    onReport: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
