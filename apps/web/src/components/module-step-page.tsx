import { Stack, Text, Title } from '@mantine/core';
import type { ModuleName } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './use-page-title';

export type ModuleStep = keyof typeof import('../i18n/de/shell.json')['steps'];

/**
 * What a module route shows until the module itself is built:
 * the module's title and the step, nothing else.
 */
export function ModuleStepPage({ module, step }: { module: ModuleName; step: ModuleStep }) {
  const { t } = useTranslation('shell');
  const moduleTitle = t(`modules.${module}`);
  const title = t(`steps.${step}`, { module: moduleTitle });
  usePageTitle(title);
  return (
    <Stack gap={4} data-module={module} data-step={step}>
      <Text c="dimmed" size="sm">
        {moduleTitle}
      </Text>
      <Title order={2}>{title}</Title>
    </Stack>
  );
}
