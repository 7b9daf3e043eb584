import { useEffect } from 'react';

// Screens holding input that is not saved yet (a capture form with its quantity). While one does, nothing
// may reload the page under it: an update of the app waits until the input is saved or left.
let holds = 0;
const released = new Set<() => void>();

/** Marks input as unsaved until the returned function is called (once; further calls do nothing). */
export function holdUnsavedInput(): () => void {
  holds++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    holds--;
    if (holds === 0) for (const listener of [...released]) listener();
  };
}

export const hasUnsavedInput = () => holds > 0;

/** Called each time the last unsaved input is saved or left. */
export function onUnsavedInputReleased(listener: () => void): () => void {
  released.add(listener);
  return () => released.delete(listener);
}

/** Holds while `unsaved` is true and the component is mounted. */
export function useUnsavedInput(unsaved: boolean): void {
  useEffect(() => (unsaved ? holdUnsavedInput() : undefined), [unsaved]);
}
