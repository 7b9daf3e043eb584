import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { atNextIdle } from '../../../lib/idle';
import { notifyInfo } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { notificationKeys } from '../api/keys';
import { setStreamLive, streamLive } from '../api/stream-live';

/**
 * While a user is signed in, the open app hears of a new notification at once: the bell counts it and a toast
 * tells it. A reconnect brings the count up to date (what came while the line was down); while it is down the
 * bell polls as before.
 */
export function useNotificationStream(owner: number | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (owner === null) return;
    const abort = new AbortController();
    const refresh = () => void client.invalidateQueries({ queryKey: notificationKeys.user(owner) });
    // Loaded at an idle moment after the first screen: the stream checks its events with the contracts' schemas,
    // which the header (where the bell sits) must not carry, and parsing them would lengthen the first tasks.
    // The job ends once the stream is started: the stream lives on beside the other background jobs.
    const cancelStart = atNextIdle(() =>
      import('../api/notification-stream').then(({ runNotificationStream }) => {
        void runNotificationStream(
          {
            onUnread: refresh,
            onNotification: ({ notification }) => {
              // A delivery note that arrived is work waiting at the ramp: its toast stays until closed.
              notifyInfo(notification.text, {
                title: notification.title,
                id: `notification-${notification.id}`,
                stay: notification.route.startsWith(`${paths.deliveryNotes.root}?`),
              });
              refresh();
            },
            onLive: (live) => {
              const wasLive = streamLive();
              setStreamLive(live);
              // The poll takes over again (its interval is chosen on each fetch). Offline the bell keeps the
              // device's count and lists as they are: asking now would only read them back.
              if (wasLive && !live && navigator.onLine)
                void client.invalidateQueries({ queryKey: notificationKeys.unread(owner) });
            },
          },
          abort.signal,
        ).catch(() => undefined);
      }),
    );
    return () => {
      cancelStart();
      abort.abort();
      setStreamLive(false);
    };
  }, [client, owner]);
}
