import { z } from './zod';

/** docs/spec.md §3 module config: a list of modules with key/value properties. */
export const moduleConfigSchema = z.object({
  modules: z.array(z.object({ module: z.string(), properties: z.record(z.string(), z.string()) })),
});
export type ModuleConfig = z.infer<typeof moduleConfigSchema>;

export const CONFIG_KEYS = {
  liefertermin: 'LIEFERTERMIN_EINGEBBAR',
  edi: 'BESTELLUNGEN_EDI',
  ediPreset: 'BESTELLUNGEN_EDI_VORBELEGUNG',
  lagerort: 'FELD_LAGERORT',
  standort: 'STANDORT_ERFASSEN',
} as const;

export function configValue(config: ModuleConfig | undefined, module: string, key: string): string | undefined {
  return config?.modules.find((m) => m.module === module)?.properties[key];
}
/** docs/spec.md §5: the delivery date step exists only when the value is the string 'true'. */
export const isDeliveryDateEditable = (c: ModuleConfig | undefined) =>
  configValue(c, 'mde-bestellvorschlag', CONFIG_KEYS.liefertermin) === 'true';
/** docs/spec.md §5: 'frage' means ask whether to transmit by EDI. */
export const asksForEdi = (c: ModuleConfig | undefined, module: string) =>
  configValue(c, module, CONFIG_KEYS.edi) === 'frage';
/**
 * The answer the EDI question starts with, so the export is one tap; the worker can still change it. 'ja' unless
 * the firma stores 'nein': a firma that asks about EDI mostly sends by EDI.
 */
export const ediPreset = (c: ModuleConfig | undefined, module: string): 'ja' | 'nein' =>
  configValue(c, module, CONFIG_KEYS.ediPreset) === 'nein' ? 'nein' : 'ja';
/** docs/spec.md §5: 'eingeblendet' shows the storage-location field. */
export const showsStorageLocation = (c: ModuleConfig | undefined, module: string) =>
  configValue(c, module, CONFIG_KEYS.lagerort) === 'eingeblendet';
/**
 * STANDORT_ERFASSEN = 'true': an export of the module records where it was made (docs/spec.md §3 geo position).
 * Off unless the firma turns it on, since asking for the location is a permission prompt on the device.
 */
export const recordsPosition = (c: ModuleConfig | undefined, module: string) =>
  configValue(c, module, CONFIG_KEYS.standort) === 'true';
