/**
 * One trigger pull can reach us twice (keystroke output and intent output both enabled in the DataWedge
 * profile); the same text again within the window is dropped. Returns true when the scan is new.
 */
export function createDeduper(windowMs: number, now: () => number = () => performance.now()) {
  let last: { data: string; t: number } | null = null;
  return (data: string): boolean => {
    const t = now();
    const dup = last !== null && last.data === data && t - last.t <= windowMs;
    last = { data, t };
    return !dup;
  };
}
