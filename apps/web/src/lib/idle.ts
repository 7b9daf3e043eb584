/** Name of the performance mark set when the first background job starts (bench/bundle reads it). */
export const IDLE_WORK_MARK = 'mde:idle-work';

// Background jobs wait at most this long for an idle moment, so a busy screen still gets them soon.
const IDLE_TIMEOUT_MS = 2000;
let marked = false;

/**
 * Runs a background job (offline copies, the article cache, the scanner listeners) once the browser is
 * idle after the current screen has rendered, so it never delays the first paint on a slow handheld.
 * Returns a cancel function.
 */
export function whenIdle(job: () => void): () => void {
  const run = () => {
    if (!marked && typeof performance !== 'undefined') {
      marked = true;
      performance.mark(IDLE_WORK_MARK);
    }
    job();
  };
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1);
  return () => clearTimeout(id);
}
