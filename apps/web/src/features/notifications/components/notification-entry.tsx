import { ActionIcon, Group, Indicator, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '@mde/contracts';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

interface Props {
  entry: Notification;
  onOpen: (entry: Notification) => void;
  onMarkRead: (entry: Notification) => void;
  onDelete: (entry: Notification) => void;
}

/** One notification: a tap opens its route (and marks it read); unread entries are bold with a dot. */
export function NotificationEntry({ entry, onOpen, onMarkRead, onDelete }: Props) {
  const { t } = useTranslation('notifications');
  const unread = !entry.readtime;
  return (
    <Paper withBorder p="sm" component="li" data-unread={unread} aria-label={entry.title}>
      <Group wrap="nowrap" align="flex-start" gap="xs">
        <UnstyledButton onClick={() => onOpen(entry)} style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={2}>
            <Indicator disabled={!unread} position="middle-start" size={8} offset={-8}>
              <Text fw={unread ? 700 : 400}>{entry.title}</Text>
            </Indicator>
            <Text size="sm">{entry.text}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.createdAt)}
            </Text>
          </Stack>
        </UnstyledButton>
        {unread && (
          <ActionIcon variant="subtle" size="lg" aria-label={t('markRead')} onClick={() => onMarkRead(entry)}>
            <IconCheck size={20} />
          </ActionIcon>
        )}
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('delete')} onClick={() => onDelete(entry)}>
          <IconTrash size={20} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
