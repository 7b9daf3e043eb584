// docs/spec.md §8 "Scanner header messages" and "Scanner errors", word for word (English as the spec fixes them).
export const SCANNER_MESSAGES = {
  noCamera: 'No camera found',
  requestingPermission: 'Requesting camera permissions...',
  loadingImage: 'Loading image...',
  torchOnFailed: 'Failed to turn on torch',
  torchOffFailed: 'Failed to turn off torch',
  insecureContext: 'Camera access is only supported in secure context like https or localhost.',
  noStreaming: 'Camera streaming not supported by the browser.',
  paused: 'Scanner paused',
} as const;

export const SCANNER_ERRORS = {
  unknownLabelType: 'Unknown LabelType',
  cancelled: 'Scan cancelled',
  cancelledByAnotherScan: 'Cancelled by another scan',
  cancelledByAction: 'Cancelled by action',
  nothingToCancel: 'Unable to cancel: no scan running',
} as const;

// docs/spec.md §5 "Image picking" messages.
export const FILE_MESSAGES = {
  wrongCount: 'No or too many files chosen',
  noFiles: 'No files chosen',
} as const;

// docs/spec.md §2 scanner overlay and settings panel texts, word for word.
export const SCANNER_TEXTS = {
  startingCamera: 'Starte Kamera',
  fileDialogTitle: 'Datei scannen',
  sourceDialogTitle: 'Quelle',
  listTitle: 'Camera (HTML5)',
  dropText: 'Or drop an image to scan (other files not supported)',
} as const;

/** Priority of the camera scanner in the scanner list (docs/spec.md §2). */
export const SCANNER_LIST_PRIORITY = 6;

/** An error whose message is one of the spec's scanner errors, so callers can tell a cancel from a failure. */
export class ScanError extends Error {
  override readonly name = 'ScanError';
}

export const isScanCancelled = (e: unknown): boolean =>
  e instanceof Error &&
  (e.message === SCANNER_ERRORS.cancelled ||
    e.message === SCANNER_ERRORS.cancelledByAction ||
    e.message === SCANNER_ERRORS.cancelledByAnotherScan);
