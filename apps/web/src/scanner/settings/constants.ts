// docs/spec.md §9 scanner constants and limits, in one place so components never carry a magic number.

/** Defaults of the underlying scanner library (docs/spec.md §9): used when a caller passes no options at all. */
export const LIBRARY_DEFAULTS = { fps: 2, qrBox: { width: 250, height: 250 }, aspectRatio: 1, zoom: 2 } as const;
export const DEFAULT_FACING_MODE = 'environment';

/** Defaults of the scanner component (docs/spec.md §9): used when the stored settings lack a value. */
export const COMPONENT_DEFAULTS = { fps: 10, qrBox: { width: 250, height: 250 }, aspectRatio: 1 } as const;

export const MIN_QRBOX_SIDE = 50;

export const ZOOM_SLIDER = { min: 1, max: 5, step: 0.1 } as const;

export const FILE_CANVAS = { padding: 100, minHeight: 300 } as const;

export const RESUME_DELAY_MS = 200;
/** The decoder waits this long between two accepted scans (docs/spec.md §9), so one code held still is not read twice. */
export const SCAN_INTERVAL_MS = 500;

export const FILE_NAME = { maxLength: 20, keep: 8 } as const;

/** The form's own fps fallback when the stored value is missing (docs/spec.md §9). */
export const FORM_FPS_FALLBACK = 10;

export interface QrBoxChoice {
  name: string;
  width: number;
  height: number;
}

export const SCAN_AREA_CHOICES: readonly QrBoxChoice[] = [
  { name: '250x150', width: 250, height: 150 },
  { name: '250x250', width: 250, height: 250 },
  { name: '500x500', width: 500, height: 500 },
  { name: '250x500', width: 250, height: 500 },
];

export const ASPECT_RATIO_CHOICES: readonly { label: string; value: number }[] = [
  { label: '1:1', value: 1 },
  { label: '1:2', value: 0.5 },
  { label: '4:3', value: 1.333334 },
  { label: '16:9', value: 1.777778 },
];

/** Battery thresholds in percent (docs/spec.md §9); 10 and 5 are defined but unreachable after the first check (§4). */
export const BATTERY_THRESHOLDS = [20, 10, 5] as const;

export const BEEP_URL = '/assets/audio/beep.mp3';
