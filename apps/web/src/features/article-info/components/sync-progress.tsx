import { Group, Loader, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudX } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatQuantity } from '../../../lib/format';
import { getArticleCacheProgress, subscribeArticleCacheProgress } from '../../../offline/article-cache/progress';

/** 'Artikel offline verfügbar: 3.200 …' — the user sees the background sync. */
export function SyncProgress({ vkforgId }: { vkforgId: number }) {
  const { t } = useTranslation('article-info');
  const progress = useSyncExternalStore(subscribeArticleCacheProgress, getArticleCacheProgress);
  // Progress of another vkforg (a sync aborted by a context change) is never shown.
  if (progress.vkforgId !== vkforgId || progress.state === 'idle') return null;
  const icon =
    progress.state === 'syncing' ? (
      <Loader size={14} />
    ) : progress.state === 'error' ? (
      <IconCloudX size={16} />
    ) : (
      <IconCloudCheck size={16} />
    );
  const state =
    progress.state === 'syncing'
      ? t('sync.syncing')
      : progress.state === 'error'
        ? t('sync.error')
        : t('sync.complete', { at: formatDateTime(progress.snapshotAt) });
  return (
    <Group
      gap={6}
      c="dimmed"
      wrap="nowrap"
      role="status"
      data-testid="article-cache-progress"
      data-state={progress.state}
    >
      {icon}
      <Text size="xs">
        {t('sync.label', { number: formatQuantity(progress.count) })} · {state}
      </Text>
    </Group>
  );
}
