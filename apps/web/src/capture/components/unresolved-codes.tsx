import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CaptureScope } from '../../offline/captures/rows';
import type { CaptureModuleDef } from '../capture-module';
import { removeUnresolvedCode } from '../hooks/device-store';
import { useUnresolvedCodes } from '../hooks/use-capture-data';

/** Codes no article was found for: resolved later by search. */
export function UnresolvedCodes({ def, scope }: { def: CaptureModuleDef; scope: CaptureScope }) {
  const { t } = useTranslation('capture');
  const navigate = useNavigate();
  const codes = useUnresolvedCodes(scope) ?? [];
  if (codes.length === 0) return null;
  return (
    <Paper withBorder p="sm" aria-label={t('unresolved.title')}>
      <Stack gap="xs">
        <Text fw={600}>{t('unresolved.title')}</Text>
        {codes.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap" data-testid="unresolved-code">
            <Text ff="monospace">{c.code}</Text>
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => navigate(`${def.paths.articleSearch}?resolve=${c.id}&q=${encodeURIComponent(c.code)}`)}
              >
                {t('unresolved.resolve')}
              </Button>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('unresolved.discard')}
                onClick={() => void removeUnresolvedCode(c.id as number)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
