/**
 * The shell's doors into the scanner subsystem (src/scanner), all loaded lazily. The barrel carries the
 * settings panel and test page too, so the frame and the login page take only the part they use.
 */
export const loadScanner = () => import('../scanner');

/** Overlay, dialogs, wedge and DataWedge listeners (what every logged-in screen mounts). */
export const loadScannerHost = () => import('../scanner/ui/scanner-host');

// Whether the scanner host is wanted before the idle moment: the scanner's own tiny module, so the shell and
// the handheld boot ask for it without loading the scanner.
export { isScannerNeeded, markScannerNeeded, SCANNER_NEEDED_EVENT } from '../scanner/core/host-needed';
export { noteScreenShown } from '../scanner/core/screen-shown';

/** The wedge service, sent for by the first scan that arrives before the scanner host is there. */
export const loadWedgeService = () => import('../scanner/wedge/wedge-service');

/** The battery warning of the header; only fetched once the level is low. */
export const loadBatteryIcon = () => import('../scanner/ui/battery-icon');

/** The scan beep needs a user gesture before the first scan (docs/spec.md §4). */
export const loadScanAudio = () => import('../scanner/feedback/audio');
