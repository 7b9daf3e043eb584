import { Badge, Button, Group, Progress, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { syncCapturesNow } from '../../offline/captures/start-sync';
import type { CaptureSyncState } from '../../offline/captures/sync-state';
import { useSyncStatus } from '../hooks/use-sync-status';

/** What the strip shows: the engine's state and the device's counts. */
export type SyncStatusShown = Pick<CaptureSyncState, 'phase' | 'done' | 'total' | 'lastError'> & {
  waiting: number;
  rejected: number;
};

/** The badge of lines waiting to sync and the sync progress. */
export function SyncStatus({ owner }: { owner: number }) {
  return <SyncStatusView s={useSyncStatus(owner)} onSyncNow={() => void syncCapturesNow()} />;
}

export function SyncStatusView({ s, onSyncNow }: { s: SyncStatusShown; onSyncNow: () => void }) {
  const { t } = useTranslation('capture');
  // A round that retries after a failure keeps the failure's line and the button (busy) in place: offline,
  // every edit starts such a round, and a strip that changed its height each time would move the buttons
  // below it under the worker's finger. Progress replaces the line only in a round that follows no failure.
  const retrying = s.phase === 'syncing' && s.lastError !== null;
  const progress = s.phase === 'syncing' && !retrying && s.total > 0;
  const failed = (s.phase === 'waiting' || retrying) && s.waiting > 0;
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
        <Badge
          color="orange"
          leftSection={<IconCloudUpload size={14} />}
          aria-label={t('sync.badgeLabel')}
          data-part="waiting"
        >
          {t('sync.badge', { count: s.waiting })}
        </Badge>
      ) : (
        // A change the server refused did not reach it: then the set-aside badge speaks, not 'all synced'.
        s.rejected === 0 && (
          <Badge color="green" variant="light" leftSection={<IconCloudCheck size={14} />} data-part="synced">
            {t('sync.allSynced')}
          </Badge>
        )
      )}
      {s.rejected > 0 && (
        <Badge color="red" variant="light" data-testid="set-aside-count" data-part="set-aside">
          {t('sync.setAside', { count: s.rejected })}
        </Badge>
      )}
      {progress && (
        <Group gap={4} wrap="nowrap" style={{ flex: 1 }} data-part="progress">
          <Progress value={(100 * s.done) / s.total} w={80} aria-label={t('sync.syncing', s)} />
          <Text size="xs">{t('sync.syncing', s)}</Text>
        </Group>
      )}
      {failed && (
        <Text size="xs" c="dimmed" data-part="failure">
          {t('sync.waiting', { error: s.lastError })}
        </Text>
      )}
      {s.phase === 'signed-out' && (
        <Text size="xs" c="red" data-part="signed-out">
          {t('sync.signedOut')}
        </Text>
      )}
      {s.waiting > 0 && !progress && (
        <Button size="compact-xs" variant="subtle" onClick={onSyncNow} loading={retrying} data-part="sync-now">
          {t('sync.now')}
        </Button>
      )}
    </Group>
  );
}
