import { NumberInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyWedgeSettings } from '../wedge/wedge-service';
import { loadWedgeSettings, type WedgeSettings, wedgeSettingsSchema } from '../wedge/wedge-settings';

const TERMINATORS = ['auto', 'enter', 'tab', 'none'] as const;

/** Prefix, suffix, terminator, gap and dedupe window of keyboard-wedge devices. */
export function WedgeSettingsPanel() {
  const { t } = useTranslation('scanner');
  const [values, setValues] = useState<WedgeSettings>(loadWedgeSettings);
  // Out-of-range input is kept in the field but never applied to the detector.
  const save = (patch: Partial<WedgeSettings>) => {
    const next = { ...values, ...patch };
    setValues(next);
    const parsed = wedgeSettingsSchema.safeParse(next);
    if (parsed.success) applyWedgeSettings(parsed.data);
  };
  const ms = (key: 'gapMs' | 'dedupeMs' | 'maxKeyIntervalMs', label: string, min: number, max: number) => (
    <NumberInput
      label={label}
      min={min}
      max={max}
      clampBehavior="strict"
      allowDecimal={false}
      value={values[key]}
      onChange={(n) => typeof n === 'number' && save({ [key]: n })}
    />
  );
  return (
    <Stack gap="sm">
      <Title order={4}>{t('wedge.title')}</Title>
      <TextInput
        label={t('wedge.prefix')}
        description={t('wedge.prefixHint')}
        maxLength={20}
        value={values.prefix}
        onChange={(e) => save({ prefix: e.currentTarget.value })}
        data-scan-ignore
      />
      <TextInput
        label={t('wedge.suffix')}
        description={t('wedge.suffixHint')}
        maxLength={20}
        value={values.suffix}
        onChange={(e) => save({ suffix: e.currentTarget.value })}
        data-scan-ignore
      />
      <Select
        label={t('wedge.terminator')}
        data={TERMINATORS.map((value) => ({ value, label: t(`wedge.terminators.${value}`) }))}
        value={values.terminator}
        allowDeselect={false}
        onChange={(v) => v && save({ terminator: v as WedgeSettings['terminator'] })}
      />
      {ms('gapMs', t('wedge.gap'), 20, 5000)}
      {ms('dedupeMs', t('wedge.dedupe'), 0, 5000)}
      {ms('maxKeyIntervalMs', t('wedge.keyInterval'), 5, 200)}
    </Stack>
  );
}
