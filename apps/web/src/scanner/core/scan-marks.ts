/**
 * The phases of one scan on its way to the screen, as User Timing marks (`scan:<phase>`), so the handheld bench
 * can say which phase costs the time. A mark is a timestamp in the browser's own buffer: cheap, nothing sent.
 */
export type ScanPhase = 'enter' | 'arbiter' | 'resolved' | 'article' | 'navigate' | 'commit' | 'frame';

export function markScan(phase: ScanPhase): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  // Only the latest scan's phases are kept: the buffer must not grow over a day of scanning.
  performance.clearMarks(`scan:${phase}`);
  performance.mark(`scan:${phase}`);
}
