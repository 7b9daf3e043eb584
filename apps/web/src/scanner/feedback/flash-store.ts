/** What a scan's feedback says: beep, vibration and the screen flash. */
export type FeedbackKind = 'ok' | 'warning' | 'error';

/** How long the screen flash shows. */
export const FLASH_MS = 350;

type Listener = (kind: FeedbackKind) => void;
const listeners = new Set<Listener>();
let last: { kind: FeedbackKind; at: number } | null = null;

export function emitFlash(kind: FeedbackKind): void {
  last = { kind, at: performance.now() };
  for (const l of listeners) l(kind);
}

/**
 * A new subscriber still gets a flash emitted less than FLASH_MS ago: a scan made while the app was starting
 * can be answered before the flash overlay has mounted, and its worker must still see red or green.
 */
export function subscribeFlash(l: Listener): () => void {
  listeners.add(l);
  if (last && performance.now() - last.at < FLASH_MS) l(last.kind);
  return () => listeners.delete(l);
}
