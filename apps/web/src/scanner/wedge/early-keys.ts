import type { WedgeKey } from './key-to-char';

/** Enough for a few scans; older keys cannot be part of a scan that is still to be recognised. */
const MAX_KEYS = 400;

let buffer: WedgeKey[] | null = null;
let onKey: ((e: KeyboardEvent) => void) | null = null;

const typedIntoField = (t: EventTarget | null) =>
  t instanceof HTMLTextAreaElement ||
  (t instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(t.type)) ||
  (t instanceof Element && t.closest('[data-scan-ignore]') !== null);

/**
 * Keeps the keys typed before the scanner's listener is running (it starts once the first screen is idle, up to
 * a few seconds on a busy handheld), so a scan in that window is not lost: startWedge() replays them through
 * the detector. Keys typed into a field are left out: they already landed there, as from a keyboard.
 * Called first thing at start-up; imports nothing else.
 */
export function startEarlyKeyBuffer(target: Document = document): void {
  if (onKey) return;
  buffer = [];
  onKey = (e: KeyboardEvent) => {
    if (!buffer || e.isComposing || typedIntoField(e.target)) return;
    buffer.push({
      key: e.key,
      t: e.timeStamp || performance.now(),
      ctrlKey: e.ctrlKey,
      altKey: e.altKey,
      metaKey: e.metaKey,
    });
    if (buffer.length > MAX_KEYS) buffer.shift();
  };
  target.addEventListener('keydown', onKey, true);
}

/** The keys kept so far; stops keeping them (the real listener has taken over). */
export function takeEarlyKeys(target: Document = document): WedgeKey[] {
  if (onKey) target.removeEventListener('keydown', onKey, true);
  onKey = null;
  const keys = buffer ?? [];
  buffer = null;
  return keys;
}
