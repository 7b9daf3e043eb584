import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { snapshotAge } from '../model/snapshot-age';

/** 'Stand: …' of an answer from the offline cache. */
export function useSnapshotText() {
  const { t } = useTranslation('article-info');
  return (snapshotAt: string) => {
    const age = snapshotAge(snapshotAt, new Date());
    const ageText = age.unit === 'now' ? t('offline.age.now') : t(`offline.age.${age.unit}`, { count: age.value });
    return t('offline.snapshot', { at: formatDateTime(snapshotAt), age: ageText });
  };
}

export function SnapshotNote({ snapshotAt, children }: { snapshotAt: string | null; children?: React.ReactNode }) {
  const { t } = useTranslation('article-info');
  const snapshotText = useSnapshotText();
  return (
    <Alert color="yellow" icon={<IconCloudOff size={18} />} title={t('offline.banner')} data-testid="offline-note">
      {snapshotAt && snapshotText(snapshotAt)}
      {children}
    </Alert>
  );
}
