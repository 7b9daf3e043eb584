import { Alert, Button, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import type { Notification, NotificationFilter } from '@mde/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { userContextQuery } from '../../../session/user-context';
import { notificationListQuery } from '../api/notification-list';
import { NotificationEntry } from './notification-entry';
import { useNotificationView } from './use-notification-view';

/** docs/spec.md §2 notifications page: tabs unread and all, mark all read, mark read, delete, no-data message. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  usePageTitle(t('title'));
  const owner = useQuery(userContextQuery()).data?.userId;
  const [filter, setFilter] = useState<NotificationFilter>('unread');
  const client = useQueryClient();
  // Both tabs get a copy on the device, so the one not opened yet also works offline.
  useEffect(() => {
    if (owner !== undefined) void client.prefetchInfiniteQuery(notificationListQuery(owner, 'all'));
  }, [client, owner]);
  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      {owner !== undefined && (
        <Tabs value={filter} onChange={(v) => v && setFilter(v as NotificationFilter)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="unread">{t('tabUnread')}</Tabs.Tab>
            <Tabs.Tab value="all">{t('tabAll')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="unread" pt="sm">
            <NotificationList owner={owner} filter="unread" />
          </Tabs.Panel>
          <Tabs.Panel value="all" pt="sm">
            <NotificationList owner={owner} filter="all" />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

function NotificationList({ owner, filter }: { owner: number; filter: NotificationFilter }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const view = useNotificationView(owner, filter);
  const open = (entry: Notification) => {
    if (!entry.readtime) view.markRead(entry);
    void navigate(entry.route);
  };
  if (view.loading) return <Loader aria-label={t('title')} />;
  return (
    <Stack>
      <Group justify="flex-end">
        <Button variant="light" disabled={view.unread === 0} onClick={view.markAllRead}>
          {t('markAllRead')}
        </Button>
      </Group>
      {view.error && <Alert color="red">{view.error}</Alert>}
      {view.fromDevice && <Alert color="yellow">{t('fromDevice')}</Alert>}
      {view.items.length === 0 && !view.error ? (
        <Alert>{t('empty')}</Alert>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('title')}>
          {view.items.map((entry) => (
            <NotificationEntry
              key={entry.id}
              entry={entry}
              onOpen={open}
              onMarkRead={view.markRead}
              onDelete={view.remove}
            />
          ))}
        </Stack>
      )}
      {view.hasMore && (
        <Button variant="subtle" onClick={view.loadMore} loading={view.loadingMore}>
          {t('loadMore')}
        </Button>
      )}
    </Stack>
  );
}
