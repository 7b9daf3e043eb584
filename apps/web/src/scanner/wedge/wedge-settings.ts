import { z } from '@mde/contracts/zod';

// Keyboard-wedge settings. Stored beside html5Scanner under their own key so the spec's scanner
// settings object keeps its shape.
export const WEDGE_SETTINGS_KEY = 'wedgeScanner';

export const wedgeSettingsSchema = z.object({
  /** Text the device puts before every code (stripped). */
  prefix: z.string().max(20),
  /** Text the device puts after every code; when set it also ends the scan. */
  suffix: z.string().max(20),
  /** 'auto' ends on Enter or Tab and learns which one the device sends. */
  terminator: z.enum(['auto', 'enter', 'tab', 'none']),
  /** Two keys closer than this belong to one burst: faster than a person types. */
  maxKeyIntervalMs: z.number().int().min(5).max(200),
  /** Silence that ends a scan without terminator. */
  gapMs: z.number().int().min(20).max(5000),
  /** While a terminator is expected, chunks separated by up to this much silence stay one scan. */
  chunkTimeoutMs: z.number().int().min(100).max(20000),
  /** The same code again within this window is one trigger pull giving two outputs. */
  dedupeMs: z.number().int().min(0).max(5000),
  minLength: z.number().int().min(1).max(50),
  /** GS1 group separator (ASCII 29) kept for GS1 parsing; other control characters are always stripped. */
  keepGroupSeparator: z.boolean(),
});
export type WedgeSettings = z.infer<typeof wedgeSettingsSchema>;

export const DEFAULT_WEDGE_SETTINGS: WedgeSettings = {
  prefix: '',
  suffix: '',
  terminator: 'auto',
  maxKeyIntervalMs: 40,
  gapMs: 100,
  chunkTimeoutMs: 3000,
  dedupeMs: 100,
  minLength: 4,
  keepGroupSeparator: true,
};

export function loadWedgeSettings(): WedgeSettings {
  try {
    const raw = JSON.parse(localStorage.getItem(WEDGE_SETTINGS_KEY) ?? 'null') as object | null;
    const parsed = wedgeSettingsSchema.safeParse({ ...DEFAULT_WEDGE_SETTINGS, ...(raw ?? {}) });
    return parsed.success ? parsed.data : { ...DEFAULT_WEDGE_SETTINGS };
  } catch {
    return { ...DEFAULT_WEDGE_SETTINGS };
  }
}

export function saveWedgeSettings(s: WedgeSettings): void {
  localStorage.setItem(WEDGE_SETTINGS_KEY, JSON.stringify(wedgeSettingsSchema.parse(s)));
}
