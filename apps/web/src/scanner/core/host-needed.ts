/** Sent when the scanner host (overlay, dialogs, feedback) is wanted before the app mounted it at idle. */
export const SCANNER_NEEDED_EVENT = 'mde:scanner-needed';
let scannerNeeded = false;

/**
 * A hardware scan arrived while the app was starting, or a screen asked for a camera or file scan: the
 * scanner host is wanted now, not after the background jobs of the start.
 */
export function markScannerNeeded(): void {
  if (scannerNeeded) return;
  scannerNeeded = true;
  window.dispatchEvent(new Event(SCANNER_NEEDED_EVENT));
}

/** Whether the scanner host was already asked for (before the slot that mounts it was there). */
export const isScannerNeeded = () => scannerNeeded;
