// Public API of the scanner subsystem (the one barrel the app may import).

export type { SourcedScan } from './core/arbiter';
export { isScanCancelled, SCANNER_ERRORS, SCANNER_MESSAGES } from './core/messages';
export { markScan } from './core/scan-marks';
export { dataWedge } from './datawedge/datawedge-setup';
export { unlockAudio } from './feedback/audio';
export { feedback, useScanFeedback } from './feedback/feedback';
export { cancelScan, handOverScan, scan, subscribeScans } from './service/scan-service';
export { useScanConsumer, useScanConsumerAt } from './service/use-scan-consumer';
export { BatteryIcon } from './ui/battery-icon';
export { EmbeddedScanner } from './ui/embedded-scanner';
export { ScannerHost } from './ui/scanner-host';
export { ScannerSettingsPanel } from './ui/scanner-settings-panel';
export { ScannerTestPage } from './ui/scanner-test-page';
export { setWedgeActive } from './wedge/wedge-service';
