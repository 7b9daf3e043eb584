import {
  DEFAULT_SCANNER_SETTINGS,
  SCANNER_SETTINGS_KEY,
  type ScannerSettings,
  scannerSettingsSchema,
} from './scanner-settings';

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

/**
 * Reads the stored settings merged over the defaults; a corrupt or foreign value falls back to the defaults
 * field by field rather than breaking every scan.
 */
export function loadScannerSettings(): ScannerSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(SCANNER_SETTINGS_KEY) ?? 'null');
  } catch {
    raw = null;
  }
  if (!raw || typeof raw !== 'object') return structuredClone(DEFAULT_SCANNER_SETTINGS);
  const merged = { ...DEFAULT_SCANNER_SETTINGS, ...(raw as object) };
  const parsed = scannerSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const out: Record<string, unknown> = { ...DEFAULT_SCANNER_SETTINGS };
  const shape = scannerSettingsSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    if (shape[key].safeParse((merged as Record<string, unknown>)[key]).success) {
      out[key] = (merged as Record<string, unknown>)[key];
    }
  }
  return scannerSettingsSchema.parse(out);
}

export function saveScannerSettings(settings: ScannerSettings): void {
  const valid = scannerSettingsSchema.parse(settings);
  storage()?.setItem(SCANNER_SETTINGS_KEY, JSON.stringify(valid));
}
