import { Button, Notification, Stack } from '@mantine/core';
import { notifications, notificationsStore, useNotifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../components/lazy-part';

const POSITION = 'top-center';
const LIMIT = 3;

/**
 * Without the container's code (offline before the service worker controls the page) the messages still show:
 * plain, without timers, each until closed, so a login failure is read and not lost with the app.
 */
function PlainNotifications({ retry }: { retry: () => void }) {
  const { t } = useTranslation('common');
  const { notifications: shown } = useNotifications();
  return (
    <Stack gap="xs" pos="fixed" top={8} left={8} right={8} style={{ zIndex: 400 }}>
      {shown.map((n) => (
        <Notification
          key={n.id}
          color={n.color}
          title={n.title}
          onClose={() => n.id && notifications.hide(n.id)}
          // Mantine greys a titled message's text to 3.3:1; the message is what must be read.
          styles={{ description: { color: 'var(--mantine-color-text)' } }}
        >
          {n.message}
        </Notification>
      ))}
      {shown.length > 0 && (
        <Button size="compact-sm" variant="default" onClick={retry}>
          {t('retry')}
        </Button>
      )}
    </Stack>
  );
}

// The notification container (transitions, portal, drag handling) is its own chunk; `notifications.show`
// only fills the small store, so a message shown before the container arrives appears once it mounts.
const Notifications = lazyPart(
  async () => (await import('./notifications-container')).Notifications,
  (retry) => <PlainNotifications retry={retry} />,
);

/** The container's settings, given to the store up front so early messages queue the same way. */
export function configureNotifications(): void {
  notificationsStore.updateState((s) => ({ ...s, defaultPosition: POSITION, limit: LIMIT }));
}

export function LazyNotifications() {
  const { notifications: shown, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && shown.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position={POSITION} limit={LIMIT} />
    </Suspense>
  );
}
