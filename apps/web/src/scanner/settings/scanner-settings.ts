import { z } from '@mde/contracts/zod';

// docs/spec.md §3 "Scanner settings", stored under the key html5Scanner.
export const SCANNER_SETTINGS_KEY = 'html5Scanner';

export const SCANNER_SOURCES = ['file', 'camera', 'prompt'] as const;
export type ScannerSource = (typeof SCANNER_SOURCES)[number];

export const qrBoxSchema = z.object({
  name: z.string(),
  width: z.number().positive(),
  height: z.number().positive(),
});

export const scannerSettingsSchema = z.object({
  source: z.enum(SCANNER_SOURCES).nullable(),
  cameraId: z.string().nullable(),
  qrBox: qrBoxSchema,
  fps: z.number().positive().max(1000),
  aspectRatio: z.number().positive(),
  focusMode: z.string().optional(),
  advanced: z.array(z.object({ zoom: z.number().positive() })).optional(),
});
export type ScannerSettings = z.infer<typeof scannerSettingsSchema>;

/** Default scanner settings (docs/spec.md §9): fps 100, qrBox 250x250, ratio 1, focus continuous, zoom 1, source unset. */
export const DEFAULT_SCANNER_SETTINGS: ScannerSettings = {
  source: null,
  cameraId: null,
  qrBox: { name: '250x250', width: 250, height: 250 },
  fps: 100,
  aspectRatio: 1,
  focusMode: 'continuous',
  advanced: [{ zoom: 1 }],
};
