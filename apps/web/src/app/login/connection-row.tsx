import { ActionIcon, Button, Card, Group, Radio, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../lib/connections';

interface Props {
  connection: Connection;
  label: string;
  selected: boolean;
  testing: boolean;
  onSelect: () => void;
  onTest: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}

export function ConnectionRow({ connection: c, label, selected, testing, onSelect, onTest, onEdit, onDelete }: Props) {
  const { t } = useTranslation('auth');
  return (
    <Card withBorder padding="sm" role="listitem" aria-label={label}>
      <Stack gap="xs">
        <Radio checked={selected} onChange={onSelect} label={label} aria-label={`${t('connections.use')}: ${label}`} />
        <Text size="sm" c="dimmed">
          {c.host}:{c.port}
          {c.basePath}
        </Text>
        <Group gap="xs">
          <Button
            size="sm"
            variant="default"
            leftSection={<IconPlugConnected size={18} />}
            onClick={onTest}
            loading={testing}
          >
            {t('connections.test')}
          </Button>
          {onEdit && (
            <ActionIcon variant="default" onClick={onEdit} aria-label={`${t('connections.edit')}: ${label}`}>
              <IconPencil size={20} />
            </ActionIcon>
          )}
          {onDelete && (
            <ActionIcon
              variant="light"
              color="red"
              onClick={onDelete}
              aria-label={`${t('connections.delete')}: ${label}`}
            >
              <IconTrash size={20} />
            </ActionIcon>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
