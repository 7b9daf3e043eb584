import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The notification container (transitions, portal, drag handling) is its own chunk; `notifications.show`
// only fills the small store, so a message shown before the container arrives appears once it mounts.
const Notifications = lazy(async () => ({ default: (await import('./notifications-container')).Notifications }));

const POSITION = 'top-center';
const LIMIT = 3;

/** The container's settings, given to the store up front so early messages queue the same way. */
export function configureNotifications(): void {
  notificationsStore.updateState((s) => ({ ...s, defaultPosition: POSITION, limit: LIMIT }));
}

export function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position={POSITION} limit={LIMIT} />
    </Suspense>
  );
}
