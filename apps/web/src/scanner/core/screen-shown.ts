type Listener = (path: string) => void;

let last: string | null = null;
const listeners = new Set<Listener>();

/**
 * The screen of `path` has been drawn (the app's root reports it after every change of screen): a scan waiting
 * for that screen has been offered to it by then. A tiny module of its own, so the shell reports without
 * loading the scanner.
 */
export function noteScreenShown(path: string): void {
  last = path;
  for (const l of listeners) l(path);
}

/** Follows the screens drawn; told the last one at once. Returns the unsubscribe function. */
export function onScreenShown(listener: Listener): () => void {
  listeners.add(listener);
  if (last !== null) listener(last);
  return () => listeners.delete(listener);
}
