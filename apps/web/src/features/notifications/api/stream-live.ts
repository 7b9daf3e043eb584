// Whether the notification stream is open: while it is, the bell needs no poll (unread-count.ts).
let live = false;
const listeners = new Set<() => void>();

export const streamLive = () => live;

export function setStreamLive(value: boolean) {
  if (value === live) return;
  live = value;
  for (const listener of listeners) listener();
}

export function onStreamLiveChange(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
