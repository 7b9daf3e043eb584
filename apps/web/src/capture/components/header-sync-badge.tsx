import { Indicator, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { startCaptureSync, syncCapturesNow } from '../../offline/captures/start-sync';
import { userContextQuery } from '../../session/user-context';
import { useSyncStatus } from '../hooks/use-sync-status';

/**
 * In the header of every logged-in screen: starts the background sync (also after a reload on the overview,
 * not only on the next scan) and shows how many lines wait for it; a tap syncs now.
 */
export default function HeaderSyncBadge() {
  const { t } = useTranslation('capture');
  const owner = useQuery(userContextQuery()).data?.userId ?? null;
  const s = useSyncStatus(owner);
  useEffect(() => {
    startCaptureSync();
  }, []);
  if (s.waiting === 0 && s.rejected === 0) return null;
  const label = `${t('sync.badge', { count: s.waiting })}${s.rejected ? ` · ${t('sync.unsyncedTitle')}: ${s.rejected}` : ''}`;
  return (
    <Tooltip label={label}>
      <UnstyledButton
        // The count shown on the badge is part of its name.
        aria-label={`${t('sync.badgeLabel')}: ${s.waiting || s.rejected}`}
        data-testid="header-sync-badge"
        data-waiting={s.waiting}
        onClick={() => void syncCapturesNow()}
        c="white"
        px={6}
      >
        <Indicator label={s.waiting || s.rejected} size={16} color={s.rejected ? 'red' : 'orange'}>
          <IconCloudUpload size={24} />
        </Indicator>
      </UnstyledButton>
    </Tooltip>
  );
}
