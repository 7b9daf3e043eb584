// A tiny bus so the API client (no React, no router) can start the session-ended flow of docs/spec.md §8.
/** Why the server no longer knows the session: it timed out, or it ended elsewhere (logout, revoked). */
export type SessionEnd = 'expired' | 'signed-out';
type Listener = (why: SessionEnd) => void;
const listeners = new Set<Listener>();

export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEnded(why: SessionEnd): void {
  for (const listener of listeners) listener(why);
}
