import { Badge, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { notifyError } from '../../../lib/notify';
import { onOutboxReport, startStorageSync } from '../offline/outbox-runner';
import { ConflictDialog } from './conflict-dialog';
import { usePendingChanges } from './use-pending-changes';
import { useStorageContext } from './use-storage-context';

/** Every Lagerplatz-Artikel screen: the outbox runs, its waiting count shows, a conflict asks the user. */
export function StorageLayout() {
  const { t } = useTranslation('storage-locations');
  const context = useStorageContext();
  const pending = usePendingChanges(context);

  useEffect(() => {
    startStorageSync();
    return onOutboxReport((report) => {
      for (const reason of report.setAside) notifyError(t('outbox.setAside', { reason }));
    });
  }, [t]);

  const waiting = pending.filter((c) => !c.conflict).length;

  return (
    <Stack gap="sm">
      {waiting > 0 && (
        <Badge
          color="orange"
          size="lg"
          variant="light"
          data-testid="storage-outbox"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('outbox.waiting', { count: waiting })}
        </Badge>
      )}
      <Outlet />
      <ConflictDialog change={pending.find((c) => c.conflict)} />
    </Stack>
  );
}
