/**
 * When the person last did something on this device (a tap, a key, a scan). Only what a person does counts
 * as activity for the session's idle limit: a request the app makes while nobody has touched it for a while
 * (badge poll, cache sync, config refresh, outbox retries) tells the server it is background work.
 */

/** A request sent this soon after the person's last input is theirs (the answer to a tap or a scan). */
export const PERSON_REQUEST_WINDOW_MS = 10_000;

let lastInputAt: number | null = null;
const listeners = new Set<(at: number) => void>();

/** Notes the person's input; the idle watch hears of it (at most it sends a touch, never per key). */
export function notePersonActivity(now = Date.now()): void {
  lastInputAt = now;
  for (const listener of listeners) listener(now);
}

export function onPersonActivity(listener: (at: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const lastPersonActivity = (): number | null => lastInputAt;

/** Whether a request sent now is the app's own doing rather than the answer to something the person did. */
export function isBackgroundNow(now = Date.now()): boolean {
  return lastInputAt === null || now - lastInputAt > PERSON_REQUEST_WINDOW_MS;
}

const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Listens to the person's input on the page: pointer, touch and keys (a handheld's scanner types its code as a
 * key burst, so a scan counts too). Capture phase and passive, so no screen can hide it and none is slowed.
 */
export function watchPersonInput(target: EventTarget = window): () => void {
  const onInput = () => notePersonActivity();
  for (const type of INPUT_EVENTS) target.addEventListener(type, onInput, { capture: true, passive: true });
  return () => {
    for (const type of INPUT_EVENTS) target.removeEventListener(type, onInput, { capture: true });
  };
}
