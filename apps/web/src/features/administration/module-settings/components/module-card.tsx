import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { checkModuleSetting, type ModuleSettings, settingField } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useSaveModuleSettings } from '../api/module-settings-api';
import { SettingInput } from './setting-input';

interface Props {
  firma: number;
  module: ModuleSettings['modules'][number];
}

/**
 * One module's settings, saved together. Each change names the value read: a value changed meanwhile is a 409,
 * shown in German, and the card reloads with the current values.
 */
export function ModuleCard({ firma, module }: Props) {
  const { t } = useTranslation('admin-module-settings');
  const save = useSaveModuleSettings();
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(module.settings.map((s) => [s.key, s.value])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changes = module.settings
    .filter((s) => draft[s.key] !== s.value)
    .map((s) => ({ module: module.module, key: s.key, value: draft[s.key] ?? '', expected: s.value }));

  const submit = async () => {
    const problems: Record<string, string> = {};
    for (const c of changes) {
      const checked = checkModuleSetting(c.module, c.key, c.value);
      if ('error' in checked) problems[c.key] = checked.error;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0 || changes.length === 0) return;
    try {
      await save.mutateAsync({ firma, changes });
      notifySuccess(t('saved', { module: module.title }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      notifyError(error.message);
      const prefix = `${module.module}.`;
      setErrors(
        Object.fromEntries(
          Object.entries(error.fields)
            .filter(([field]) => field.startsWith(prefix))
            .map(([field, message]) => [field.slice(prefix.length), message]),
        ),
      );
    }
  };

  return (
    <Card withBorder padding="sm" component="section" aria-label={module.title}>
      <Title order={3} size="h4">
        {module.title}
      </Title>
      <Stack gap="sm" mt="xs">
        {module.settings.map((s) => (
          <SettingInput
            key={settingField(module.module, s.key)}
            setting={s}
            value={draft[s.key] ?? s.value}
            error={errors[s.key]}
            onChange={(value) => setDraft((d) => ({ ...d, [s.key]: value }))}
          />
        ))}
        <Group justify="flex-end">
          <Button
            onClick={submit}
            loading={save.isPending}
            disabled={changes.length === 0}
            aria-label={t('saveModule', { module: module.title })}
          >
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
