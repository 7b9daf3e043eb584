/** What a scan's feedback says: beep, vibration and the screen flash. */
export type FeedbackKind = 'ok' | 'warning' | 'error';

/** How long the screen flash shows. */
export const FLASH_MS = 350;

/**
 * How long a flash nobody has shown yet waits for the overlay. A scan made while the app starts can be answered
 * (the card is blocked, the code unknown) before the overlay's chunk has mounted on a slow handheld; the worker
 * heard the error tone and looks up for the colour, so it must still come, but not for a scan long gone.
 */
export const UNSEEN_FLASH_MS = 2000;

type Listener = (kind: FeedbackKind) => void;
const listeners = new Set<Listener>();
let last: { kind: FeedbackKind; at: number; seen: boolean } | null = null;

export function emitFlash(kind: FeedbackKind): void {
  last = { kind, at: performance.now(), seen: listeners.size > 0 };
  for (const l of listeners) l(kind);
}

/**
 * A new subscriber still gets a flash emitted less than FLASH_MS ago (the overlay mounted again mid-flash), or
 * one that no overlay has shown yet if it is younger than UNSEEN_FLASH_MS: a red or green answer is never lost
 * because it came before the overlay did.
 */
export function subscribeFlash(l: Listener): () => void {
  listeners.add(l);
  if (last) {
    const age = performance.now() - last.at;
    if (age < FLASH_MS || (!last.seen && age < UNSEEN_FLASH_MS)) {
      last.seen = true;
      l(last.kind);
    }
  }
  return () => listeners.delete(l);
}
