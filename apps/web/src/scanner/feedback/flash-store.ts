/** What a scan's feedback says: beep, vibration and the screen flash. */
export type FeedbackKind = 'ok' | 'warning' | 'error';

type Listener = (kind: FeedbackKind) => void;
const listeners = new Set<Listener>();

export function emitFlash(kind: FeedbackKind): void {
  for (const l of listeners) l(kind);
}

export function subscribeFlash(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
