import { GOODS_RECEIPT_CHECK_KEYS } from './goods-receipt-check';
import { CONFIG_KEYS } from './module-config';
import { z } from './zod';

/**
 * Every property of the module config (docs/spec.md §3, §5) an admin may set per firma: its module, key, kind of value,
 * allowed values, the value that holds while none is stored, and its German meaning. The devices read the
 * same rows through GET /api/v1/config/modules.
 */
export type ModuleSettingKind =
  | { type: 'boolean' }
  | { type: 'choice'; options: readonly { value: string; label: string }[] }
  | { type: 'number'; min: number; max: number };

export interface ModuleSettingDefinition {
  key: string;
  label: string;
  description: string;
  kind: ModuleSettingKind;
  /** What the devices do while the firma stores no value. */
  defaultValue: string;
}

export interface ModuleSettingsModule {
  module: string;
  title: string;
  settings: readonly ModuleSettingDefinition[];
}

const boolean = { type: 'boolean' } as const;
const lagerort: ModuleSettingDefinition = {
  key: CONFIG_KEYS.lagerort,
  label: 'Feld Lagerort',
  description: 'Eingeblendet: Bei jeder Position kann ein Lagerort erfasst werden. Ausgeblendet: Das Feld fehlt.',
  kind: {
    type: 'choice',
    options: [
      { value: 'eingeblendet', label: 'Eingeblendet' },
      { value: 'ausgeblendet', label: 'Ausgeblendet' },
    ],
  },
  defaultValue: 'ausgeblendet',
};
const edi: ModuleSettingDefinition = {
  key: CONFIG_KEYS.edi,
  label: 'Übertragung per EDI',
  description: 'Frage: Beim Export wird gefragt, ob per EDI übertragen wird. Nein: Es wird nicht gefragt.',
  kind: {
    type: 'choice',
    options: [
      { value: 'frage', label: 'Frage' },
      { value: 'nein', label: 'Nein' },
    ],
  },
  defaultValue: 'nein',
};
const ediPresetSetting: ModuleSettingDefinition = {
  key: CONFIG_KEYS.ediPreset,
  label: 'EDI vorbelegt',
  description: 'Die Antwort, mit der die EDI-Frage beim Export vorbelegt ist; sie lässt sich dort noch ändern.',
  kind: {
    type: 'choice',
    options: [
      { value: 'ja', label: 'Ja, per EDI' },
      { value: 'nein', label: 'Nein' },
    ],
  },
  defaultValue: 'ja',
};
const standort: ModuleSettingDefinition = {
  key: CONFIG_KEYS.standort,
  label: 'Standort beim Export',
  description: 'Ein: Beim Export wird der Standort des Geräts (GPS) mitgeschickt; das Gerät fragt dafür um Erlaubnis.',
  kind: boolean,
  defaultValue: 'false',
};

export const MODULE_SETTINGS: readonly ModuleSettingsModule[] = [
  {
    module: 'mde-bestellvorschlag',
    title: 'Bestellvorschlag',
    settings: [
      {
        key: CONFIG_KEYS.liefertermin,
        label: 'Liefertermin eingebbar',
        description: 'Ein: Vor dem Erfassen wird der Liefertermin abgefragt. Aus: Es gibt keinen Liefertermin-Schritt.',
        kind: boolean,
        defaultValue: 'false',
      },
      standort,
    ],
  },
  { module: 'mde-bestellung', title: 'Bestellung', settings: [edi, ediPresetSetting, lagerort, standort] },
  { module: 'mde-inventur', title: 'Inventur', settings: [lagerort, standort] },
  { module: 'mde-retouren', title: 'Retouren', settings: [lagerort, standort] },
  { module: 'mde-artikelvorrat', title: 'Artikelvorrat', settings: [edi, ediPresetSetting, lagerort, standort] },
  {
    module: 'mde-warenverprobung',
    title: 'Warenverprobung',
    settings: [
      {
        key: GOODS_RECEIPT_CHECK_KEYS.blindReceipt,
        label: 'Blindzählung bei Warenübernahme',
        description: 'Ein: Beim Zählen einer Warenübernahme bleiben die erwarteten Mengen verborgen.',
        kind: boolean,
        defaultValue: 'true',
      },
      {
        key: GOODS_RECEIPT_CHECK_KEYS.blindOrder,
        label: 'Blindzählung bei Bestellung',
        description: 'Ein: Beim Zählen gegen eine Bestellung bleiben die erwarteten Mengen verborgen.',
        kind: boolean,
        defaultValue: 'false',
      },
      {
        key: GOODS_RECEIPT_CHECK_KEYS.tolerancePercent,
        label: 'Toleranz in Prozent',
        description: 'Abweichung je Position in Prozent der erwarteten Menge, die noch als passend gilt (0 = exakt).',
        kind: { type: 'number', min: 0, max: 100 },
        defaultValue: '0',
      },
      {
        key: GOODS_RECEIPT_CHECK_KEYS.toleranceAbsolute,
        label: 'Toleranz als Menge',
        description: 'Abweichung je Position in der Einheit des Belegs, die noch als passend gilt (0 = exakt).',
        kind: { type: 'number', min: 0, max: 999_999 },
        defaultValue: '0',
      },
      standort,
    ],
  },
];

export const MODULE_SETTINGS_MSG = {
  unknownSetting: 'Diese Einstellung gibt es nicht',
  booleanOnly: 'Bitte Ein oder Aus wählen',
  choiceOnly: (labels: string) => `Erlaubt sind: ${labels}`,
  numberRange: (min: number, max: number) => `Bitte eine Zahl von ${min} bis ${max} eingeben`,
} as const;

export const findModuleSetting = (module: string, key: string) =>
  MODULE_SETTINGS.find((m) => m.module === module)?.settings.find((s) => s.key === key);

const NUMBER = /^\d{1,9}([.,]\d{1,3})?$/;

/** The stored form of a value, or the German reason it is refused. Numbers are stored with a dot. */
export function checkModuleSetting(module: string, key: string, raw: string): { value: string } | { error: string } {
  const def = findModuleSetting(module, key);
  if (!def) return { error: MODULE_SETTINGS_MSG.unknownSetting };
  const value = raw.trim();
  const kind = def.kind;
  if (kind.type === 'boolean')
    return value === 'true' || value === 'false' ? { value } : { error: MODULE_SETTINGS_MSG.booleanOnly };
  if (kind.type === 'choice')
    return kind.options.some((o) => o.value === value)
      ? { value }
      : { error: MODULE_SETTINGS_MSG.choiceOnly(kind.options.map((o) => o.value).join(', ')) };
  const n = NUMBER.test(value) ? Number(value.replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(n) || n < kind.min || n > kind.max)
    return { error: MODULE_SETTINGS_MSG.numberRange(kind.min, kind.max) };
  return { value: String(n) };
}

/** The field name of a setting in a form and in an error's `fields`. */
export const settingField = (module: string, key: string) => `${module}.${key}`;

const kindSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('boolean') }),
  z.object({ type: z.literal('choice'), options: z.array(z.object({ value: z.string(), label: z.string() })) }),
  z.object({ type: z.literal('number'), min: z.number(), max: z.number() }),
]);
export const moduleSettingsSchema = z.object({
  firma: z.number(),
  modules: z.array(
    z.object({
      module: z.string(),
      title: z.string(),
      settings: z.array(
        z.object({
          key: z.string(),
          label: z.string(),
          description: z.string(),
          kind: kindSchema,
          defaultValue: z.string(),
          /** The stored value; the default while none is stored. */
          value: z.string(),
        }),
      ),
    }),
  ),
});
export type ModuleSettings = z.infer<typeof moduleSettingsSchema>;

export const moduleSettingsQuerySchema = z.object({
  firma: z.coerce.number({ error: 'Bitte eine Firma wählen' }).int().positive().max(2_147_483_647),
});

const shortText = z.string().max(100);
export const moduleSettingsChangeSchema = z.strictObject({
  firma: z.number().int().positive().max(2_147_483_647),
  changes: z
    .array(
      z.strictObject({
        module: shortText,
        key: shortText,
        value: shortText,
        /** The value the admin saw (optimistic locking: another current value is a 409). */
        expected: shortText,
      }),
    )
    .min(1, { error: 'Keine Änderung angegeben' })
    .max(100),
});
export type ModuleSettingsChange = z.infer<typeof moduleSettingsChangeSchema>;
