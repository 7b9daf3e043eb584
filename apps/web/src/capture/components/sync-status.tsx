import { Badge, Button, Group, Progress, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { syncCapturesNow } from '../../offline/captures/start-sync';
import { useSyncStatus } from '../hooks/use-sync-status';

/** The badge of lines waiting to sync and the sync progress. */
export function SyncStatus({ owner }: { owner: number }) {
  const { t } = useTranslation('capture');
  const s = useSyncStatus(owner);
  return (
    // Wraps at 360 px: the waiting count and "Jetzt synchronisieren" are read in full, never cut.
    <Group
      gap="xs"
      wrap="wrap"
      data-testid="sync-status"
      data-waiting={s.waiting}
      data-phase={s.phase}
      data-set-aside={s.rejected}
    >
      {s.waiting > 0 ? (
        <Badge color="orange" leftSection={<IconCloudUpload size={14} />} aria-label={t('sync.badgeLabel')}>
          {t('sync.badge', { count: s.waiting })}
        </Badge>
      ) : (
        // A change the server refused did not reach it: then the set-aside badge speaks, not 'all synced'.
        s.rejected === 0 && (
          <Badge color="green" variant="light" leftSection={<IconCloudCheck size={14} />}>
            {t('sync.allSynced')}
          </Badge>
        )
      )}
      {s.rejected > 0 && (
        <Badge color="red" variant="light" data-testid="set-aside-count">
          {t('sync.setAside', { count: s.rejected })}
        </Badge>
      )}
      {s.phase === 'syncing' && s.total > 0 && (
        <Group gap={4} wrap="nowrap" style={{ flex: 1 }}>
          <Progress value={(100 * s.done) / s.total} w={80} aria-label={t('sync.syncing', s)} />
          <Text size="xs">{t('sync.syncing', s)}</Text>
        </Group>
      )}
      {s.phase === 'waiting' && s.waiting > 0 && (
        <Text size="xs" c="dimmed">
          {t('sync.waiting', { error: s.lastError })}
        </Text>
      )}
      {s.phase === 'signed-out' && (
        <Text size="xs" c="red">
          {t('sync.signedOut')}
        </Text>
      )}
      {s.waiting > 0 && s.phase !== 'syncing' && (
        <Button size="compact-xs" variant="subtle" onClick={() => void syncCapturesNow()}>
          {t('sync.now')}
        </Button>
      )}
    </Group>
  );
}
