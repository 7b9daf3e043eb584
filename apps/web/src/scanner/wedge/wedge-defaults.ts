// Keyboard-wedge settings. Stored beside html5Scanner under their own key so the spec's scanner
// settings object keeps its shape.
export const WEDGE_SETTINGS_KEY = 'wedgeScanner';

export interface WedgeSettings {
  /** Text the device puts before every code (stripped). */
  prefix: string;
  /** Text the device puts after every code; when set it also ends the scan. */
  suffix: string;
  /** 'auto' ends on Enter or Tab and learns which one the device sends. */
  terminator: 'auto' | 'enter' | 'tab' | 'none';
  /** Two keys closer than this belong to one burst: faster than a person types. */
  maxKeyIntervalMs: number;
  /** Silence that ends a scan without terminator. */
  gapMs: number;
  /** While a terminator is expected, chunks separated by up to this much silence stay one scan. */
  chunkTimeoutMs: number;
  /** The same code again within this window is one trigger pull giving two outputs. */
  dedupeMs: number;
  minLength: number;
  /** GS1 group separator (ASCII 29) kept for GS1 parsing; other control characters are always stripped. */
  keepGroupSeparator: boolean;
}

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

/**
 * The stored settings for the listener that starts with the page, before the settings schema has loaded:
 * only the settings screen writes them (checked there), so each field is taken when it has the default's
 * type. The full check runs when the wedge service takes the listener over a moment later.
 */
export function storedWedgeSettingsUnchecked(): WedgeSettings {
  const settings = { ...DEFAULT_WEDGE_SETTINGS };
  try {
    const raw = JSON.parse(localStorage.getItem(WEDGE_SETTINGS_KEY) ?? 'null') as Record<string, unknown> | null;
    for (const key of Object.keys(settings) as (keyof WedgeSettings)[]) {
      const value = raw?.[key];
      if (typeof value === typeof settings[key] && (typeof value !== 'number' || Number.isFinite(value))) {
        (settings as Record<string, unknown>)[key] = value;
      }
    }
  } catch {
    // unreadable: the defaults serve until the service loads the settings
  }
  return settings;
}
