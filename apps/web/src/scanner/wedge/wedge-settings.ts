import { z } from '@mde/contracts/zod';
import { DEFAULT_WEDGE_SETTINGS, WEDGE_SETTINGS_KEY, type WedgeSettings } from './wedge-defaults';

export { DEFAULT_WEDGE_SETTINGS, WEDGE_SETTINGS_KEY, type WedgeSettings };

// The fields are described on WedgeSettings (wedge-defaults.ts); here are their limits.

export const wedgeSettingsSchema = z.object({
  prefix: z.string().max(20),
  suffix: z.string().max(20),
  terminator: z.enum(['auto', 'enter', 'tab', 'none']),
  maxKeyIntervalMs: z.number().int().min(5).max(200),
  gapMs: z.number().int().min(20).max(5000),
  chunkTimeoutMs: z.number().int().min(100).max(20000),
  dedupeMs: z.number().int().min(0).max(5000),
  minLength: z.number().int().min(1).max(50),
  keepGroupSeparator: z.boolean(),
}) satisfies z.ZodType<WedgeSettings>;

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
