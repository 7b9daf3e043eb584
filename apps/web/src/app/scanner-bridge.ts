/**
 * The shell's doors into the scanner subsystem (src/scanner), all loaded lazily. The barrel carries the
 * settings panel and test page too, so the frame and the login page take only the part they use.
 */
export const loadScanner = () => import('../scanner');

/** Overlay, dialogs, wedge and DataWedge listeners (what every logged-in screen mounts). */
export const loadScannerHost = () => import('../scanner/ui/scanner-host');

/** Sent when a scan arrived before the scanner host was there: the host mounts at once. */
export const SCANNER_NEEDED_EVENT = 'mde:scanner-needed';
let scannerNeeded = false;

/** A hardware scan arrived while the app was starting: the scanner host is wanted now. */
export function markScannerNeeded(): void {
  scannerNeeded = true;
  window.dispatchEvent(new Event(SCANNER_NEEDED_EVENT));
}

/** Whether a scan has already asked for the scanner host (before the slot that mounts it was there). */
export const isScannerNeeded = () => scannerNeeded;

/** The wedge service, sent for by the first scan that arrives before the scanner host is there. */
export const loadWedgeService = () => import('../scanner/wedge/wedge-service');

/** The battery warning of the header; only fetched once the level is low. */
export const loadBatteryIcon = () => import('../scanner/ui/battery-icon');

/** The scan beep needs a user gesture before the first scan (spec §4). */
export const loadScanAudio = () => import('../scanner/feedback/audio');
