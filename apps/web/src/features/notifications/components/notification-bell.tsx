import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { userContextQuery } from '../../../session/user-context';
import { notificationKeys } from '../api/keys';
import { flushMarks } from '../api/marks';
import { useUnreadCount } from '../api/unread-count';
import { badgeLabel } from '../model/pending-marks';
import { useNotificationStream } from './use-notification-stream';
import { usePushDevice } from './use-push-device';

/** docs/spec.md §2 menu: the bell, its badge counting unread entries (docs/spec.md §4), updated live (a stream). */
export function NotificationBell() {
  const { t } = useTranslation(['shell', 'notifications']);
  const owner = useQuery(userContextQuery()).data?.userId ?? null;
  const unread = useUnreadCount(owner).data ?? 0;
  useLiveList(owner, unread);
  useNotificationStream(owner);
  usePushDevice(owner);
  return (
    <Indicator
      label={badgeLabel(unread)}
      disabled={unread === 0}
      size={18}
      color="red"
      offset={6}
      data-testid="notification-badge"
    >
      <ActionIcon
        component={Link}
        to={paths.notifications}
        variant="subtle"
        color="white"
        aria-label={
          unread > 0
            ? `${t('shell:notifications')}: ${t('notifications:unreadBadge', { count: unread })}`
            : t('shell:notifications')
        }
      >
        <IconBell size={24} />
      </ActionIcon>
    </Indicator>
  );
}

const FRESH_ON_NAVIGATION_MS = 3000;

/** A changed count means new or changed entries: the lists load again. Marks made offline go when online. */
function useLiveList(owner: number | null, unread: number) {
  const client = useQueryClient();
  const last = useRef(unread);
  const { pathname } = useLocation();
  // A person moving on after an export or a sync sees its notification at once; idle, the poll asks once a
  // minute. A count younger than a few seconds is not asked again.
  useEffect(() => {
    if (owner === null || pathname === '') return;
    const state = client.getQueryState(notificationKeys.unread(owner));
    if (state && Date.now() - state.dataUpdatedAt < FRESH_ON_NAVIGATION_MS) return;
    void client.invalidateQueries({ queryKey: notificationKeys.unread(owner) });
  }, [client, owner, pathname]);
  useEffect(() => {
    if (owner === null || last.current === unread) return;
    last.current = unread;
    void client.invalidateQueries({ queryKey: notificationKeys.lists(owner) });
  }, [client, owner, unread]);
  useEffect(() => {
    if (owner === null) return;
    const back = () => void flushMarks(owner).catch(() => undefined);
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [owner]);
}
